import { ConfigError, loadConfig } from '../config.ts';
import { contentTypeOf } from '../storage/managed.ts';
import { copyObjects } from '../storage/object-store/copy-objects.ts';
import {
  MANAGED_FOLDER,
  VIDEO_GENERATIONS_FOLDER,
  createObjectStore,
  localObjectStore,
} from '../storage/object-store/index.ts';

// Exit codes: 0 done, 1 failure (configuration, some objects not copied), 2 nothing to copy to.
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;
const PROGRESS_EVERY = 500;

const USAGE = `Usage: npm run objects:migrate

Copies the files Darkroom created in DATA_DIR (managed storage files in managed/, generated
videos in video-generations/) into the object store of OBJECT_STORE_URL, under the same keys.
Objects already there with the same size are skipped, so it can be run again (after an
interruption, or once more after the last process without OBJECT_STORE_URL has stopped).
Run it with the server's environment (DATA_DIR, OBJECT_STORE_*).`;

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** `npm run objects:migrate`: DATA_DIR's managed/ and video-generations/ into OBJECT_STORE_URL. */
async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.info(USAGE);
    return;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(EXIT_FAILURE);
  }
  if (config.objectStore === null) {
    console.error(
      `OBJECT_STORE_URL is not set, so there is no object store to copy to: the files stay in ${config.dataDir}. Set OBJECT_STORE_URL (and OBJECT_STORE_ENDPOINT, OBJECT_STORE_ACCESS_KEY_ID, OBJECT_STORE_SECRET_ACCESS_KEY as your store needs) as for the server.\n\n${USAGE}`,
    );
    process.exit(EXIT_USAGE);
  }
  const from = localObjectStore(config.dataDir);
  const to = createObjectStore(config);
  console.info(
    `Copying ${MANAGED_FOLDER}/ and ${VIDEO_GENERATIONS_FOLDER}/ from ${from.location} to ${to.location}`,
  );
  const counts = await copyObjects(from, to, [MANAGED_FOLDER, VIDEO_GENERATIONS_FOLDER], {
    contentTypeOf,
    onFailure: (key, error) =>
      console.error(`Not copied: ${key}: ${error instanceof Error ? error.message : error}`),
    onObject: ({ copied, skipped, failed }) => {
      const seen = copied + skipped + failed;
      if (seen % PROGRESS_EVERY === 0) console.info(`${seen} files so far...`);
    },
  });
  to.close();
  console.info(
    `${counts.copied} copied (${megabytes(counts.bytes)}), ${counts.skipped} already there, ${counts.failed} failed.`,
  );
  if (counts.failed > 0) process.exit(EXIT_FAILURE);
}

void main();
