// s3rver on loopback for the S3-protocol adapter tests. It checks SigV4 signatures against the
// key pairs of its account registry, so the test keys are registered there: 20 and 40
// characters long, as the core rules for access and secret keys require.
import type nodeCrypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sigV4Matches } from './sigv4.ts';

const require = createRequire(import.meta.url);

interface KoaContext {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  // s3rver is a Koa application: its middleware list runs in order.
  middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;
interface AccountModule {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
}

/**
 * s3rver encrypts list continuation tokens with single DES, which OpenSSL 3 (Node 17+) no
 * longer offers, so every truncated listing answers InternalError. Triple DES with the key
 * repeated three times is the same cipher and still available; this swaps it in for s3rver.
 */
function allowS3rverContinuationTokens(): void {
  const crypto = require('node:crypto') as typeof nodeCrypto & { s3rverDesShim?: true };
  if (crypto.s3rverDesShim) return;
  const { createCipheriv, createDecipheriv } = crypto;
  const tripled = (key: unknown) => Buffer.concat([key as Buffer, key as Buffer, key as Buffer]);
  crypto.createCipheriv = ((algorithm: string, key: Buffer, iv: Buffer) =>
    algorithm === 'des'
      ? createCipheriv('des-ede3-cbc', tripled(key), iv)
      : createCipheriv(algorithm, key, iv)) as typeof createCipheriv;
  crypto.createDecipheriv = ((algorithm: string, key: Buffer, iv: Buffer) =>
    algorithm === 'des'
      ? createDecipheriv('des-ede3-cbc', tripled(key), iv)
      : createDecipheriv(algorithm, key, iv)) as typeof createDecipheriv;
  crypto.s3rverDesShim = true;
}

export const S3_ACCESS_KEY = 'AKIADARKROOMTEST0001';
export const S3_SECRET_KEY = 'dArKrOoMtEsTsEcReTkEy0123456789abcdefghi';
/** A key pair that may read but not write (PUT, POST, DELETE answer AccessDenied). */
export const S3_READ_ONLY_ACCESS_KEY = 'AKIADARKROOMREADONLY';
export const S3_READ_ONLY_SECRET_KEY = 'rEaDoNlYtEsTsEcReTkEy0123456789abcdefghi';

export interface TestS3Server {
  /** `http://127.0.0.1:{port}`, for `s3EndpointOverride`. */
  endpoint: string;
  close(): Promise<void>;
}

/** Starts s3rver with `buckets` created and `objects` ({bucket/key: bytes}) put in them. */
export async function startS3rver(
  buckets: string[],
  objects: Record<string, Buffer | string> = {},
): Promise<TestS3Server> {
  allowS3rverContinuationTokens();
  const S3rver = require('s3rver') as S3rverConstructor;
  const account = require('s3rver/lib/models/account.js') as AccountModule;
  account.DUMMY_ACCOUNT.createKeyPair(S3_ACCESS_KEY, S3_SECRET_KEY);
  account.DUMMY_ACCOUNT.createKeyPair(S3_READ_ONLY_ACCESS_KEY, S3_READ_ONLY_SECRET_KEY);
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'darkroom-s3rver-'));
  for (const bucket of buckets) await fs.mkdir(path.join(directory, bucket), { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    resetOnClose: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const secrets = new Map([
    [S3_ACCESS_KEY, S3_SECRET_KEY],
    [S3_READ_ONLY_ACCESS_KEY, S3_READ_ONLY_SECRET_KEY],
  ]);
  server.middleware.unshift(async (ctx, next) => {
    const readOnly = String(ctx.headers.authorization ?? '').includes(
      `Credential=${S3_READ_ONLY_ACCESS_KEY}/`,
    );
    if (readOnly && ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      // What an IAM policy granting only s3:GetObject and s3:ListBucket answers a write with.
      ctx.status = 403;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code>' +
        '<Message>Access Denied</Message></Error>';
      return;
    }
    if (!sigV4Matches(ctx, secrets)) {
      ctx.status = 403;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code>' +
        '<Message>The request signature we calculated does not match the signature you provided.</Message></Error>';
      return;
    }
    await next();
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  await putObjects(endpoint, objects);
  return {
    endpoint,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

async function putObjects(
  endpoint: string,
  objects: Record<string, Buffer | string>,
): Promise<void> {
  const entries = Object.entries(objects);
  if (entries.length === 0) return;
  const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_SECRET_KEY },
  });
  for (const [location, body] of entries) {
    const slash = location.indexOf('/');
    const contentType = location.endsWith('.png') ? 'image/png' : 'application/octet-stream';
    await client.send(
      new PutObjectCommand({
        Bucket: location.slice(0, slash),
        Key: location.slice(slash + 1),
        Body: body,
        ContentType: contentType,
      }),
    );
  }
  client.destroy();
}
