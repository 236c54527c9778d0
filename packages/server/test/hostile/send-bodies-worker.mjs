// Sends one request `rounds` times, three at a time, from a thread of its own: a client on its own
// event loop, as a real one is, so the server may answer while the body is still on its way.
// Posts one { status, error } per request, status null when no status line came.
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { port, head, body, rounds } = workerData;

function send() {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let error = null;
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', (failure) => (error = failure.code ?? 'error'));
    socket.on('close', () => {
      const code = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      resolve({ status: code === undefined ? null : Number(code), error });
    });
    socket.once('connect', () =>
      socket.write(Buffer.concat([Buffer.from(head), Buffer.from(body)])),
    );
  });
}

const outcomes = [];
for (let round = 0; round < rounds; round += 1) {
  outcomes.push(...(await Promise.all([send(), send(), send()])));
}
parentPort.postMessage(outcomes);
