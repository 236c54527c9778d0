import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/database.ts';
import { testConfig } from '../test-app.ts';

export interface LogLine {
  level: number;
  msg?: string;
  req?: { url?: string };
  [key: string]: unknown;
}

/** A test app on `database` whose log lines (JSON, as pino writes them) are kept in `lines`. */
export async function appWithCapturedLog(
  database: Database,
  env: Record<string, string>,
): Promise<{ app: FastifyInstance; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') lines.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  const app = await buildApp(testConfig(env), { database, logStream: stream });
  return { app, lines };
}
