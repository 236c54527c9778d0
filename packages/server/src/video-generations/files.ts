import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where a finished generation's MP4 is kept: the data directory, never a customer's storage. */
export function videoGenerationFile(dataDir: string, id: string): string {
  return path.join(dataDir, 'video-generations', `${id}.mp4`);
}

/** Written beside its final name and renamed, so a reader never sees half a video. */
export async function storeVideoGeneration(
  dataDir: string,
  id: string,
  mp4: Buffer,
): Promise<void> {
  const file = videoGenerationFile(dataDir, id);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, mp4);
  await rename(partial, file);
}
