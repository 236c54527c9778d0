import { describe, expect, it } from 'vitest';
import { isIpAddress, isPrivateOrLoopbackIp, parseIpv4, parseIpv6 } from './ip-address.ts';

const dotted = (value: number | null) =>
  value === null
    ? null
    : [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');

describe('parseIpv4', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0X7F000001', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['0177.0.0.01', '127.0.0.1'],
    ['10.0.0.1.', '10.0.0.1'],
    ['0', '0.0.0.0'],
    ['4294967295', '255.255.255.255'],
  ])('reads %s as %s, as the URL standard does', (input, expected) => {
    expect(dotted(parseIpv4(input))).toBe(expected);
  });

  it.each([
    '256.0.0.1',
    '1.2.3.4.5',
    '4294967296',
    '1.2.65536',
    '08.0.0.1',
    'example.com',
    '',
    '1..2',
    '0xg',
  ])('refuses %s', (input) => {
    expect(parseIpv4(input)).toBeNull();
  });
});

describe('parseIpv6', () => {
  it('expands :: and reads embedded IPv4', () => {
    expect(parseIpv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('[fe80::1%eth0]')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIpv6('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x102, 0x304]);
  });

  it.each([
    '1:2:3:4:5:6:7',
    '1::2::3',
    ':::',
    '1:2:3:4:5:6:7:8:9',
    '12345::1',
    '::ffff:256.0.0.1',
    'g::1',
    '127.0.0.1',
  ])('refuses %s', (input) => {
    expect(parseIpv6(input)).toBeNull();
  });
});

describe('isPrivateOrLoopbackIp', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '2130706433',
    '0x7f000001',
    '017700000001',
    '127.1',
    '::1',
    '::',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '::ffff:0:127.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b:1::1',
    '2002:7f00:1::',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'febf::1',
    'fec0::1',
    'ff02::1',
    '0:0:0:0:0:0:0:1',
  ])('refuses %s', (address) => {
    expect(isPrivateOrLoopbackIp(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '192.167.255.255',
    '223.255.255.255',
    '2001:4860:4860::8888',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::',
    'fe00::1',
    'example.com',
    'localhost',
    '',
  ])('lets %s through', (address) => {
    expect(isPrivateOrLoopbackIp(address)).toBe(false);
  });
});

describe('isIpAddress', () => {
  it('knows IP literals from host names', () => {
    expect(isIpAddress('93.184.216.34')).toBe(true);
    expect(isIpAddress('2001:db8::1')).toBe(true);
    expect(isIpAddress('2130706433')).toBe(true);
    expect(isIpAddress('example.com')).toBe(false);
    expect(isIpAddress('1.2.3.4.example')).toBe(false);
  });
});
