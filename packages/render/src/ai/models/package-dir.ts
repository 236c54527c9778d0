import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The folder of an installed package. Some of the model packages hide package.json behind their
 * exports map, so walk up from the resolved entry point to the folder named for the package.
 */
export function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!dir.endsWith(`${path.sep}${name.split('/').join(path.sep)}`)) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the folder of ${name}`);
    dir = parent;
  }
  return dir;
}
