import { readFileSync, writeFileSync } from 'node:fs';
import { CONFIG_TABLE_MARKERS, configTableMarkdown, readmeConfigTable } from '../config.ts';

/**
 * Prints the README configuration table rendered from the variables declared in
 * config/settings.ts, or with `--write README.md` replaces the block between the config-table
 * markers in that file.
 */
function main(args: string[]): void {
  const table = configTableMarkdown();
  if (args[0] !== '--write') {
    console.info(table);
    return;
  }
  const file = args[1];
  if (!file) {
    console.error('Usage: config-table.ts [--write README.md]');
    process.exit(2);
  }
  const text = readFileSync(file, 'utf8');
  const current = readmeConfigTable(text);
  if (current === null) {
    console.error(
      `${file} has no ${CONFIG_TABLE_MARKERS.start} ... ${CONFIG_TABLE_MARKERS.end} block.`,
    );
    process.exit(1);
  }
  const start = text.indexOf(CONFIG_TABLE_MARKERS.start) + CONFIG_TABLE_MARKERS.start.length;
  writeFileSync(file, `${text.slice(0, start)}\n${table}\n${text.slice(start + current.length)}`);
  console.info(`Updated the configuration table in ${file}; run prettier --write on it.`);
}

main(process.argv.slice(2));
