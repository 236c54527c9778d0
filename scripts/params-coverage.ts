// `npm run params:coverage`: for each catalogue parameter, and each parameter imgix documents that
// docs/imgix-compatibility.md lists, whether Darkroom implements it and which test files use it
// as a query key; what is missing is checked against the reasons that file gives. A report, not a
// gate: it always exits 0.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUE, PARAMETER_NAMES } from '@darkroom/core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const COMPATIBILITY_DOC = 'docs/imgix-compatibility.md';
const TEST_FOLDERS = ['packages/render/src', 'packages/server/src', 'packages/server/test'];

/** Where implemented parameters are declared: module path, export, and what the export holds. */
const SOURCES_OF_IMPLEMENTATION = [
  { file: 'packages/render/src/pipeline/steps.ts', exportName: 'PIPELINE', holds: 'steps' },
  {
    file: 'packages/render/src/pipeline/output-parameters.ts',
    exportName: 'OUTPUT_PARAMETERS',
    holds: 'names',
  },
  {
    file: 'packages/render/src/video/video-parameters.ts',
    exportName: 'VIDEO_PARAMETERS',
    holds: 'names',
  },
  {
    file: 'packages/server/src/delivery/parameters.ts',
    exportName: 'DELIVERY_PARAMETERS',
    holds: 'names',
  },
] as const;

/**
 * The imgix rendering families (docs.imgix.com/apis/rendering) delivery must implement in full,
 * as names and name prefixes; the rest of the catalogue is listed but not required.
 */
const REQUIRED_FAMILIES: Readonly<Record<string, { names?: string[]; prefixes?: string[] }>> = {
  size: {
    names: ['w', 'h', 'max-w', 'max-h', 'min-w', 'min-h', 'dpr', 'ar', 'fit', 'crop', 'rect'],
    prefixes: ['fp-'],
  },
  rotation: { names: ['rot', 'rot-type', 'flip', 'orient'] },
  adjustment: {
    names: ['bri', 'con', 'exp', 'gam', 'high', 'hue', 'sat', 'shad', 'vib', 'usm', 'usmrad'],
  },
  'adjustment (sharpen, invert)': { names: ['sharp', 'invert'] },
  'noise reduction': { names: ['nr', 'nrs'] },
  stylize: { names: ['blur', 'px', 'htn', 'sepia', 'monochrome', 'duotone', 'duotone-alpha'] },
  fill: { names: ['fill', 'fill-color', 'bg', 'transparency'], prefixes: ['fill-gradient-'] },
  'padding and border': { prefixes: ['pad', 'border'] },
  mask: { names: ['mask', 'corner-radius', 'mask-bg'] },
  text: { prefixes: ['txt'] },
  watermark: { prefixes: ['mark'] },
  blending: { prefixes: ['blend'] },
  trim: { prefixes: ['trim'] },
  'color palette': { names: ['palette', 'colors', 'prefix', 'colorquant'] },
  format: {
    names: ['fm', 'q', 'lossless', 'chromasub', 'cs', 'dpi', 'jpg-progressive', 'auto', 'ch'],
  },
  animation: { names: ['frame', 'loop', 'reverse', 'skip', 'fps'] },
  delivery: { names: ['expires', 'dl'] },
};

// A report on stdout, one line at a time (the lint rule keeps console.log out of the code).
const print = (line: string) => process.stdout.write(`${line}\n`);

interface StepLike {
  parameters: readonly string[];
}

/** One row of docs/imgix-compatibility.md: a parameter (or `name=value`) and its status. */
interface DocumentedRow {
  name: string;
  category: string;
  implemented: boolean;
  why: string;
}

/**
 * The rows of the compatibility file's tables whose first cell is a parameter in backticks:
 * `| \`name\` | category | values | status | tests, or why not |`.
 */
function readCompatibilityDoc(notes: string[]): Map<string, DocumentedRow> {
  const rows = new Map<string, DocumentedRow>();
  const path = join(ROOT, COMPATIBILITY_DOC);
  if (!existsSync(path)) {
    notes.push(`${COMPATIBILITY_DOC} does not exist: nothing missing is explained.`);
    return rows;
  }
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^\|\s*`([^`]+)`\s*\|(.*)\|\s*$/.exec(line);
    if (!match?.[1] || match[2] === undefined) continue;
    const cells = match[2].split(/(?<!\\)\|/).map((cell) => cell.trim());
    const status = cells[2] ?? '';
    rows.set(match[1], {
      name: match[1],
      category: (cells[0] ?? '?').replace(/\s*\(since 11\.x\)$/, ''),
      implemented: /^implemented/.test(status),
      why: cells[3] ?? '',
    });
  }
  return rows;
}

async function loadImplemented(notes: string[]): Promise<Map<string, string>> {
  const implementedBy = new Map<string, string>();
  for (const source of SOURCES_OF_IMPLEMENTATION) {
    const path = join(ROOT, source.file);
    if (!existsSync(path)) {
      notes.push(`${source.file} does not exist yet: ${source.exportName} counted as empty.`);
      continue;
    }
    let exported: unknown;
    try {
      const module = (await import(path)) as Record<string, unknown>;
      exported = module[source.exportName];
    } catch (error) {
      notes.push(`${source.file} failed to load (${String(error)}): counted as empty.`);
      continue;
    }
    if (!Array.isArray(exported)) {
      notes.push(`${source.file} has no ${source.exportName} list: counted as empty.`);
      continue;
    }
    const names =
      source.holds === 'steps'
        ? (exported as StepLike[]).flatMap((step) => step.parameters)
        : (exported as string[]);
    for (const name of names) implementedBy.set(name, source.exportName);
  }
  return implementedBy;
}

function testFiles(): string[] {
  return TEST_FOLDERS.flatMap((folder) => {
    const path = join(ROOT, folder);
    if (!existsSync(path)) return [];
    return readdirSync(path, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
      .map((file) => join(path, file));
  });
}

/** Every spelling a query may use: canonical, aliases, and their `*64` forms. */
function spellings(name: string): string[] {
  const aliases = Object.entries(CATALOGUE.aliases)
    .filter(([, canonical]) => canonical === name)
    .map(([alias]) => alias);
  const names = [...new Set([name, ...(CATALOGUE.parameters[name]?.aliases ?? []), ...aliases])];
  return names.flatMap((spelling) => [spelling, `${spelling}64`]);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** A query key: `name=` at the start of a line or after `?`, `&` or a quote. */
function queryKeyPattern(name: string): RegExp {
  const alternatives = spellings(name).map(escapeRegExp).join('|');
  return new RegExp(`(?:^|[?&'"\`])(?:${alternatives})=`, 'm');
}

function familyMembers(family: { names?: string[]; prefixes?: string[] }): string[] {
  const byPrefix = PARAMETER_NAMES.filter((name) =>
    (family.prefixes ?? []).some((prefix) => name === prefix || name.startsWith(prefix)),
  );
  return [...new Set([...(family.names ?? []), ...byPrefix])];
}

async function main(): Promise<void> {
  const notes: string[] = [];
  const implementedBy = await loadImplemented(notes);
  const tests = testFiles().map((path) => ({
    path: relative(ROOT, path),
    text: readFileSync(path, 'utf8'),
  }));

  const documented = readCompatibilityDoc(notes);
  // The catalogue's parameters, then those imgix documents that only the compatibility file lists.
  const documentedOnly = [...documented.values()].filter(
    (row) => !row.name.includes('=') && !(row.name in CATALOGUE.parameters),
  );
  const rows = [
    ...PARAMETER_NAMES.map((name) => {
      const pattern = queryKeyPattern(name);
      const covering = tests.filter((test) => pattern.test(test.text)).map((test) => test.path);
      const category = CATALOGUE.parameters[name]?.category ?? '?';
      return { name, category, implemented: implementedBy.has(name), covering };
    }),
    ...documentedOnly.map((row) => ({
      name: row.name,
      category: `${row.category} (docs)`,
      implemented: false,
      covering: [] as string[],
    })),
  ];

  const nameWidth = Math.max(...rows.map((row) => row.name.length));
  const categoryWidth = Math.max(...rows.map((row) => row.category.length));
  print(`${'parameter'.padEnd(nameWidth)}  ${'category'.padEnd(categoryWidth)}  impl  tests`);
  for (const row of rows) {
    const implemented = row.implemented ? 'yes ' : 'no  ';
    const covering = row.covering.length > 0 ? row.covering.join(', ') : '-';
    print(
      `${row.name.padEnd(nameWidth)}  ${row.category.padEnd(categoryWidth)}  ${implemented}  ${covering}`,
    );
  }

  const unknown = [...implementedBy.keys()].filter((name) => !(name in CATALOGUE.parameters));
  if (unknown.length > 0) {
    notes.push(`Listed as implemented but not catalogue names: ${unknown.join(', ')}.`);
  }
  const untested = rows.filter((row) => row.implemented && row.covering.length === 0);
  if (untested.length > 0) {
    notes.push(
      `Implemented without a covering test: ${untested.map((row) => row.name).join(', ')}.`,
    );
  }
  // The compatibility file and the code must agree: what it calls implemented is, and what it
  // does not list or calls implemented is not missing.
  const undocumented = PARAMETER_NAMES.filter((name) => !documented.has(name));
  if (undocumented.length > 0) {
    notes.push(
      `Catalogue parameters without a row in ${COMPATIBILITY_DOC}: ${undocumented.join(', ')}.`,
    );
  }
  const claimed = [...documented.values()].filter(
    (row) => row.implemented && !row.name.includes('=') && !implementedBy.has(row.name),
  );
  if (claimed.length > 0) {
    notes.push(
      `${COMPATIBILITY_DOC} calls these implemented, but no step declares them: ${claimed.map((row) => row.name).join(', ')}.`,
    );
  }
  const unclaimed = [...documented.values()].filter(
    (row) => !row.implemented && implementedBy.has(row.name),
  );
  if (unclaimed.length > 0) {
    notes.push(
      `${COMPATIBILITY_DOC} calls these not implemented, but a step declares them: ${unclaimed.map((row) => row.name).join(', ')}.`,
    );
  }
  const missingRows = rows.filter((row) => !row.implemented);
  const unexplained = missingRows.filter((row) => {
    const reason = documented.get(row.name);
    return reason === undefined || reason.implemented || reason.why === '';
  });
  const valueGaps = [...documented.values()].filter(
    (row) => row.name.includes('=') && !row.implemented,
  );

  const missing = Object.entries(REQUIRED_FAMILIES).flatMap(([family, members]) => {
    const absent = familyMembers(members).filter((name) => !implementedBy.has(name));
    return absent.length > 0 ? [`${family} (${absent.join(', ')})`] : [];
  });
  const implementedCount = rows.filter((row) => row.implemented).length;

  print('');
  for (const note of notes) print(`note: ${note}`);
  print(
    `Implemented ${implementedCount} of ${PARAMETER_NAMES.length} catalogue parameters; required families missing: ${
      missing.length > 0 ? missing.join('; ') : 'none'
    }.`,
  );
  print(
    `Not implemented, each explained in ${COMPATIBILITY_DOC}: ${missingRows.length - unexplained.length} parameters (${documentedOnly.length} of them documented by imgix beyond the catalogue) and ${valueGaps.length} values (${valueGaps.map((row) => row.name).join(', ') || 'none'}).`,
  );
  print(
    `Not implemented and not explained: ${
      unexplained.length > 0 ? unexplained.map((row) => row.name).join(', ') : 'none'
    }.`,
  );
}

await main().catch((error: unknown) => {
  print(`params:coverage could not finish: ${String(error)}`);
});
