import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startAzurite } from '../../packages/server/test/origin-servers/azurite.ts';
import { startHttpServer } from '../../packages/server/test/origin-servers/http.ts';
import {
  S3_ACCESS_KEY,
  S3_SECRET_KEY,
  startS3rver,
} from '../../packages/server/test/origin-servers/s3rver.ts';

/** What a spec needs to fill in the wizard for each test origin. */
export interface TestOrigins {
  s3: { accessKey: string; secretKey: string; bucket: string };
  azure: { account: string; container: string; sas: string };
  webFolderUrl: string;
}

const sampleImage = readFileSync(
  fileURLToPath(new URL('../../packages/server/demo-images/coffee.png', import.meta.url)),
);

/** Starts s3rver, Azurite's blob service and a web folder, each holding one image. */
export async function startTestOrigins() {
  const bucket = 'darkroom-media';
  const container = 'media';
  const s3 = await startS3rver([bucket], { [`${bucket}/coffee.png`]: sampleImage });
  const azurite = await startAzurite([container], { [`${container}/coffee.png`]: sampleImage });
  const webFolder = await startHttpServer((request, response) => {
    if (request.url === '/images/coffee.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(sampleImage);
    } else {
      response.writeHead(404).end();
    }
  });
  return {
    s3Endpoint: s3.endpoint,
    azureEndpoint: azurite.blobEndpoint,
    describe: (): TestOrigins => ({
      s3: { accessKey: S3_ACCESS_KEY, secretKey: S3_SECRET_KEY, bucket },
      azure: { account: 'devstoreaccount1', container, sas: azurite.sas },
      webFolderUrl: `${webFolder.url}/images/`,
    }),
    close: async () => {
      await Promise.all([s3.close(), azurite.close(), webFolder.close()]);
    },
  };
}
