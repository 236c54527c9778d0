import type { ServerResponse } from 'node:http';

/**
 * Whether a request names its Host more than once. RFC 9112 section 3.2: a server must answer
 * 400 to such a request. Node keeps the first Host and drops the rest, while a proxy in front may
 * have routed by another one, so the two would disagree about which source (or the API) is asked.
 */
export function hasRepeatedHost(rawHeaders: readonly string[]): boolean {
  let hosts = 0;
  // rawHeaders alternates names and values, names as the client spelt them.
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index];
    if (name !== undefined && name.length === 4 && name.toLowerCase() === 'host') {
      hosts += 1;
      if (hosts > 1) return true;
    }
  }
  return false;
}

const REPEATED_HOST_MESSAGE = 'A request may carry only one Host header.\n';

export function refuseRepeatedHost(response: ServerResponse): void {
  response.writeHead(400, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(REPEATED_HOST_MESSAGE),
    'cache-control': 'no-store',
    connection: 'close',
  });
  response.end(REPEATED_HOST_MESSAGE);
}
