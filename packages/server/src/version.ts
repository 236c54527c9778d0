import { readFileSync } from 'node:fs';

// The version reported in meta.server.version is the server package's own.
const packageJson = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string };

export const SERVER_VERSION = packageJson.version;
