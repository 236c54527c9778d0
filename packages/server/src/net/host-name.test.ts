import { describe, expect, it } from 'vitest';
import { hostName } from './host-name.ts';

describe('hostName', () => {
  it('leaves a plain host name as it is', () => {
    expect(hostName('demo.localhost')).toBe('demo.localhost');
  });

  it('drops the port', () => {
    expect(hostName('demo.localhost:8080')).toBe('demo.localhost');
    expect(hostName('images.example.com:443')).toBe('images.example.com');
  });

  it('drops the trailing dot of a fully qualified name, before or without a port', () => {
    expect(hostName('images.example.com.')).toBe('images.example.com');
    expect(hostName('images.example.com.:8080')).toBe('images.example.com');
  });

  it('lowercases, since host names compare without case', () => {
    expect(hostName('Demo.LocalHost:8080')).toBe('demo.localhost');
    expect(hostName('IMAGES.EXAMPLE.COM.')).toBe('images.example.com');
  });

  it('keeps an IPv6 literal whole, brackets included, and drops only the port after it', () => {
    expect(hostName('[::1]:8080')).toBe('[::1]');
    expect(hostName('[::1]')).toBe('[::1]');
    expect(hostName('[2001:DB8::1]:443')).toBe('[2001:db8::1]');
  });

  it('drops the port of an IPv4 address', () => {
    expect(hostName('127.0.0.1:8080')).toBe('127.0.0.1');
  });

  it('ignores white space around the value', () => {
    expect(hostName(' demo.localhost:8080 ')).toBe('demo.localhost');
  });

  it('leaves what is not a port alone', () => {
    expect(hostName('demo.localhost:http')).toBe('demo.localhost:http');
    expect(hostName('')).toBe('');
  });
});
