// IP literal parsing and the address ranges an origin may never resolve to. The web folder rule
// (spec platform section 5: "not a private or loopback host") and the server's SSRF guard share it.

/**
 * Parses an IPv4 address the way the WHATWG URL parser reads a host that ends in a number:
 * one to four dot-separated parts, each decimal, octal (leading 0) or hex (0x), the last part
 * filling the remaining bytes. So `127.1`, `2130706433`, `0x7f000001` and `017700000001` all
 * read as 127.0.0.1. Returns the address as an unsigned 32-bit number, or null.
 */
export function parseIpv4(address: string): number | null {
  const parts = address.split('.');
  // One trailing dot is allowed, as in the URL standard.
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = parseIpv4Part(part);
    if (value === null) return null;
    numbers.push(value);
  }
  const last = numbers.pop() ?? 0;
  if (numbers.some((value) => value > 255)) return null;
  if (last >= 256 ** (4 - numbers.length)) return null;
  let result = last;
  numbers.forEach((value, index) => {
    result += value * 256 ** (3 - index);
  });
  return result;
}

function parseIpv4Part(part: string): number | null {
  if (part === '') return null;
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(part)) {
    digits = part.slice(2);
    radix = 16;
  } else if (part.length > 1 && part.startsWith('0')) {
    digits = part.slice(1);
    radix = 8;
  }
  if (digits === '') return 0;
  const pattern = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!pattern.test(digits)) return null;
  const value = parseInt(digits, radix);
  return Number.isSafeInteger(value) ? value : null;
}

/** Parses an IPv6 address (brackets and a zone id allowed) into its eight 16-bit groups, or null. */
export function parseIpv6(address: string): number[] | null {
  let text = address;
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (!text.includes(':')) return null;

  // A trailing dotted IPv4 part stands for the last two groups.
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const maybeIpv4 = text.slice(lastColon + 1);
  if (maybeIpv4.includes('.')) {
    if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(maybeIpv4)) return null;
    const octets = maybeIpv4.split('.').map(Number);
    if (octets.some((octet) => octet > 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    tail = [a * 256 + b, c * 256 + d];
    // Keep a `::` before the IPv4 part; drop a single separating colon.
    text = text.slice(0, lastColon + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }

  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parseGroups = (part: string): number[] | null => {
    if (part === '') return [];
    const groups = part.split(':');
    const values: number[] = [];
    for (const group of groups) {
      if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
      values.push(parseInt(group, 16));
    }
    return values;
  };
  const head = parseGroups(halves[0] ?? '');
  const rest = halves.length === 2 ? parseGroups(halves[1] ?? '') : [];
  if (head === null || rest === null) return null;
  const explicit = head.length + rest.length + tail.length;
  if (halves.length === 2) {
    if (explicit > 7) return null;
    return [...head, ...new Array<number>(8 - explicit).fill(0), ...rest, ...tail];
  }
  if (explicit !== 8) return null;
  return [...head, ...tail];
}

/** True when `address` is an IPv4 or IPv6 literal (in any form the URL parser accepts for IPv4). */
export function isIpAddress(address: string): boolean {
  return parseIpv4(address) !== null || parseIpv6(address) !== null;
}

// [first address, prefix length] of the IPv4 ranges an origin may not use.
const BLOCKED_IPV4_RANGES: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", including the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, including cloud metadata at 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.168.0.0', 16], // private
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, including the broadcast address 255.255.255.255
];

function ipv4InRange(address: number, [base, prefix]: readonly [string, number]): boolean {
  const start = parseIpv4(base) ?? 0;
  const size = 2 ** (32 - prefix);
  return address >= start && address < start + size;
}

function isBlockedIpv4(address: number): boolean {
  return BLOCKED_IPV4_RANGES.some((range) => ipv4InRange(address, range));
}

function isBlockedIpv6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embeddedIpv4 = g6 * 65536 + g7;
  const firstFourZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  // ::/96 (unspecified, loopback and the old IPv4-compatible form), ::ffff:0:0/96 (IPv4-mapped)
  // and ::ffff:0:0:0/96 (IPv4-translated) all reach the embedded IPv4 address.
  if (firstFourZero && g4 === 0 && (g5 === 0 || g5 === 0xffff)) {
    if (g5 === 0 && g6 === 0 && g7 <= 1) return true; // :: and ::1
    return isBlockedIpv4(embeddedIpv4);
  }
  if (firstFourZero && g4 === 0xffff && g5 === 0) return isBlockedIpv4(embeddedIpv4);
  // NAT64 (64:ff9b::/96) embeds the IPv4 address too; 64:ff9b:1::/48 is for local use only.
  if (g0 === 0x64 && g1 === 0xff9b) {
    if (g2 === 1) return true;
    if (g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isBlockedIpv4(embeddedIpv4);
  }
  // 6to4 (2002::/16) carries an IPv4 address in its second and third groups.
  if (g0 === 0x2002) return isBlockedIpv4(g1 * 65536 + g2);
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return true; // deprecated site-local fec0::/10
  if ((g0 & 0xff00) === 0xff00) return true; // multicast ff00::/8
  return false;
}

/**
 * True when `address` is an IP literal an origin may not use: loopback, private, link-local
 * (cloud metadata included), carrier-grade NAT, unspecified, multicast, reserved or broadcast
 * IPv4, and IPv6 loopback, unspecified, unique local, link-local, multicast, or any IPv6 form
 * that embeds a blocked IPv4 address (mapped, compatible, NAT64, 6to4). False for host names.
 */
export function isPrivateOrLoopbackIp(address: string): boolean {
  const trimmed = address.trim();
  const ipv4 = parseIpv4(trimmed);
  if (ipv4 !== null) return isBlockedIpv4(ipv4);
  const ipv6 = parseIpv6(trimmed);
  if (ipv6 !== null) return isBlockedIpv6(ipv6);
  return false;
}
