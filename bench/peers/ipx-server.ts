// (c) of the delivery bench: IPX 3, the sharp server behind Nuxt Image and Netlify's image CDN,
// serving the same folder with its own defaults (`/w_512,q_75,f_webp/retina.jpg`). Started by
// bench/peers.ts as `node --import tsx bench/peers/ipx-server.ts`.
import { createServer } from 'node:http';
import { createIPX, createIPXNodeServer, ipxFSStorage } from 'ipx';

const directory = process.env.IMAGE_DIR ?? '.';
const port = Number(process.env.PORT ?? 0);
const ipx = createIPX({ storage: ipxFSStorage({ dir: directory }) });
const server = createServer(createIPXNodeServer(ipx));
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  console.info(`LISTENING ${typeof address === 'object' && address ? address.port : port}`);
});
