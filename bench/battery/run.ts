// `npm run battery`: hostile input must never take the server down. Starts the app as `npm start`
// does, on loopback with a throwaway data directory, sets up accounts and sources through the API,
// and runs four parts with a few requests in flight: generated delivery URLs over every catalogue
// parameter, malformed API requests over every route, hostile files from a loopback origin, and
// malformed or unfinished uploads. Each part's figures are printed beside their budgets. It is a
// report, like `npm run bench`: it exits 0 whatever the figures, and 1 only when the server went
// down (it crashed, or the battery killed it past 4 GiB or frozen 60 s) or the battery could not
// finish, saying why.
//
// Options: --seed=N (default 1), --urls=N (default 5000), --api=N (default 1500),
// --only=urls,api,files,uploads, --concurrency=N (default 3: more than the 2 render slots of a
// 2-core machine, so renders run at full concurrency).
import { startHttpServer } from '../../packages/server/test/origin-servers/http.ts';
import {
  buildHostileFiles,
  hostileOriginHandler,
  HOSTILE_FILES,
} from '../../packages/server/test/hostile/hostile-files.ts';
import { smallImage } from '../../packages/server/test/hostile/targets.ts';
import { BatteryServer, ORIGIN_PROBE_FILE } from './battery-server.ts';
import { apiBatteryCases, fileCases, uploadCases, urlCases } from './cases.ts';
import { runPart } from './part.ts';
import { formatVerdict, printPart, type Verdict } from './report.ts';

function option(name: string): string | undefined {
  return process.argv.find((argument) => argument.startsWith(`--${name}=`))?.split('=')[1];
}

const started = Date.now();
const seed = Number(option('seed') ?? 1);
const urlCount = Number(option('urls') ?? 5000);
const apiCount = Number(option('api') ?? 1500);
const concurrency = Number(option('concurrency') ?? 3);
const only = option('only')?.split(',') ?? ['urls', 'api', 'files', 'uploads'];

console.info('Building the hostile origin files...');
const built = await buildHostileFiles(HOSTILE_FILES);
const probe = {
  name: ORIGIN_PROBE_FILE,
  contentType: 'image/png',
  heavy: false,
  build: smallImage,
};
built.set(ORIGIN_PROBE_FILE, { file: probe, bytes: await smallImage() });
const origin = await startHttpServer(hostileOriginHandler(built));
const originFolderUrl = `${origin.url}/hostile/`;
const server = new BatteryServer(originFolderUrl);
const verdicts: Verdict[] = [];
let unfinished: string | null = null;
try {
  console.info('Starting the server as `npm start` does and setting up accounts and sources...');
  await server.start();
  console.info(
    `Server pid ${server.pid} on port ${server.port}: idle ${(server.baseline.rss / 2 ** 20).toFixed(0)} MiB resident, ${server.baseline.cpuPerSecond.toFixed(3)} CPU s/s`,
  );
  const parts = [
    {
      key: 'urls',
      name: 'Part 1, delivery URLs',
      details: `${urlCount} generated over every catalogue parameter plus the amplification URLs, seed ${seed}`,
      cases: urlCases(seed, urlCount, originFolderUrl),
    },
    {
      key: 'api',
      name: 'Part 2, API requests',
      details: `${apiCount} malformed bodies, queries, ids and credentials over every route, signed in and out, seed ${seed}`,
      cases: apiBatteryCases(seed, apiCount),
    },
    {
      key: 'files',
      name: 'Part 3, hostile origin files',
      details: `${HOSTILE_FILES.length} files from ${origin.url} through a web folder source, each with several parameter sets and as a watermark`,
      cases: fileCases(HOSTILE_FILES, originFolderUrl),
    },
    {
      key: 'uploads',
      name: 'Part 4, uploads',
      details: 'malformed multipart, cut short, abandoned and never-ending',
      cases: uploadCases,
    },
  ];
  for (const part of parts.filter((candidate) => only.includes(candidate.key))) {
    console.info(`\nRunning ${part.name} (${concurrency} in flight)...`);
    const report = await runPart(part.name, server, part.cases(server.targets), concurrency);
    verdicts.push(...printPart(report, `${part.details}; ${concurrency} in flight`));
  }
} catch (error) {
  unfinished = error instanceof Error ? error.message : String(error);
  console.error('\nThe battery could not finish:', error);
} finally {
  await server.stop();
  await origin.close();
}

const minutes = (Date.now() - started) / 60_000;
const missed = verdicts.filter((verdict) => verdict.ok === false);
console.info(`\nDarkroom battery: summary (${minutes.toFixed(1)} minutes)`);
console.info(
  missed.length === 0
    ? `Every figure measured is within its budget (${verdicts.length} figures).`
    : `${missed.length} of ${verdicts.filter((verdict) => verdict.ok !== null).length} budgets missed:`,
);
for (const verdict of missed) console.info(`  ${verdict.part}: ${formatVerdict(verdict)}`);
if (server.restarts.length > 0) {
  console.info(`The server went down ${server.restarts.length} times:`);
  for (const reason of server.restarts) console.info(`  ${reason}`);
}
if (unfinished !== null) console.info(`The battery did not finish: ${unfinished}`);
process.exitCode = server.restarts.length > 0 || unfinished !== null ? 1 : 0;
