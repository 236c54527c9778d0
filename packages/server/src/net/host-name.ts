// A Host header is `uri-host [":" port]` (RFC 9110 section 7.2), where an IPv6 address stands in
// brackets (RFC 3986 section 3.2.2) so that its colons are not read as the port's.

/**
 * The host name a Host header value (or a URL's host) names: without the port, lowercased (DNS
 * names compare case-insensitively, RFC 4343) and without the trailing dot of a fully qualified
 * name, so `Demo.Example.COM.:8080` and `demo.example.com` are one host. An IPv6 literal keeps its
 * brackets: `[::1]:8080` is `[::1]`.
 */
export function hostName(host: string): string {
  const lowered = host.trim().toLowerCase();
  const port = lowered.startsWith('[') ? /(?<=\]):\d+$/ : /:\d+$/;
  return lowered.replace(port, '').replace(/\.$/, '');
}
