// The /healthz prober of the battery (monitor.ts), in a worker thread of its own: the battery's
// main thread also serves the hostile origin files and sends the requests, and a probe timed
// there measured the battery's own pauses as the server's. Plain JavaScript: a worker thread
// does not inherit the tsx loader the battery runs under.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { port, intervalMs, frozenMs } = workerData;
let running = true;
parentPort.on('message', (message) => {
  if (message === 'stop') running = false;
});

/** One GET /healthz on a new connection: its latency in ms, 'refused', or 'timeout'. */
function probe() {
  return new Promise((resolve) => {
    const sent = performance.now();
    let settled = false;
    const settle = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      received += chunk;
      // The status line and headers are the answer; the body is a few bytes of JSON.
      if (received.includes('\r\n\r\n')) settle(performance.now() - sent);
    });
    socket.on('error', () => settle(received === '' ? 'refused' : performance.now() - sent));
    socket.on('close', () => settle(received === '' ? 'refused' : performance.now() - sent));
    const timer = setTimeout(() => settle('timeout'), frozenMs);
  });
}

while (running) {
  const outcome = await probe();
  parentPort.postMessage(outcome);
  await new Promise((resolve) => setTimeout(resolve, intervalMs));
}
parentPort.close();
