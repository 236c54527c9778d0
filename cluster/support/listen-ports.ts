// Ports the cluster's nodes and Varnish listen on. A port the kernel handed out as free (listen on
// 0, then close) lies in its ephemeral range, from which it also picks the local port of every
// outgoing connection: while the first node ran its migrations, its own connections to
// PostgreSQL could take the port chosen for a later node, which then failed with EADDRINUSE.
// Ports below that range (Linux's default ip_local_port_range starts at 32768) are never given
// to outgoing connections.
import { randomInt } from 'node:crypto';
import net from 'node:net';

const LOWEST = 20_000;
const BELOW_EPHEMERAL = 32_768;

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `count` distinct free ports below the ephemeral range, for servers started later. */
export async function listenPorts(count: number): Promise<number[]> {
  const chosen: number[] = [];
  for (let attempt = 0; chosen.length < count && attempt < 1000; attempt += 1) {
    const port = randomInt(LOWEST, BELOW_EPHEMERAL);
    if (!chosen.includes(port) && (await listensOn(port))) chosen.push(port);
  }
  if (chosen.length < count) throw new Error(`found only ${chosen.length} free ports of ${count}`);
  return chosen;
}
