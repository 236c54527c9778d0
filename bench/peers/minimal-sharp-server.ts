// (a') of the delivery bench: the smallest HTTP image server a Node developer would write, a
// node:http listener that reads the file and hands it to sharp per request with sharp's defaults.
// The realistic ceiling of an HTTP image server on this machine: Darkroom is held to 0.97 of it.
// Started by bench/peers.ts as `node --import tsx bench/peers/minimal-sharp-server.ts`; the query
// carries the encoder options, so it writes the very bytes delivery answers
// (`?w=512&format=jpeg&options={"quality":75,...}`).
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';

const directory = process.env.IMAGE_DIR ?? '.';
const port = Number(process.env.PORT ?? 0);
const FORMATS = new Set(['jpeg', 'webp', 'avif', 'png']);

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://peer');
  const format = url.searchParams.get('format') ?? 'jpeg';
  const width = Number(url.searchParams.get('w') ?? 0);
  const name = url.pathname.slice(1);
  if (!FORMATS.has(format) || !/^[\w.-]+$/.test(name) || !(width > 0)) {
    response.writeHead(400).end();
    return;
  }
  const options = JSON.parse(url.searchParams.get('options') ?? '{}') as Record<string, unknown>;
  readFile(join(directory, name))
    .then((input) =>
      sharp(input)
        .resize({ width })
        .toFormat(format as keyof sharp.FormatEnum, options)
        .toBuffer(),
    )
    .then(
      (body) => {
        response.writeHead(200, { 'content-type': `image/${format}` }).end(body);
      },
      (error: unknown) => {
        response.writeHead(500).end(String(error));
      },
    );
});
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  console.info(`LISTENING ${typeof address === 'object' && address ? address.port : port}`);
});
