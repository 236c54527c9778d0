// `npm test`: lint, type-check, unit and integration tests, the cluster test (three server
// processes sharing PostgreSQL, an object store and Varnish), then the browser end-to-end tests
// against the built app. Every stage runs even when an earlier one fails, so one run shows every
// problem; the last line is the plain "N passed, N failed" summary that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = join(root, 'node_modules/.cache/darkroom-test');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const typecheckProjects = [
  'packages/core',
  'packages/render',
  'packages/server',
  'packages/web',
  'e2e',
  'bench',
  'cluster',
  '.',
];

const stages = [
  { name: 'lint (eslint)', command: ['npx', 'eslint', '.', '--max-warnings', '0'] },
  { name: 'format (prettier)', command: ['npx', 'prettier', '--check', '.'] },
  ...typecheckProjects.map((project) => ({
    name: `type-check ${project}`,
    command: ['npx', 'tsc', '-p', project],
  })),
  {
    name: 'unit and integration tests (vitest)',
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'unit.json')}`,
    ],
    report: join(reports, 'unit.json'),
  },
  {
    name: 'cluster tests (PostgreSQL, s3rver, Varnish, three servers)',
    command: [
      'npx',
      'vitest',
      'run',
      '--config',
      'cluster/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'cluster.json')}`,
    ],
    report: join(reports, 'cluster.json'),
  },
  { name: 'dashboard build (vite)', command: ['npm', 'run', 'build', '--silent'] },
  {
    name: 'end-to-end tests (Chromium)',
    command: [
      'npx',
      'vitest',
      'run',
      '--config',
      'e2e/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'e2e.json')}`,
    ],
    report: join(reports, 'e2e.json'),
  },
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];
/** Each failed test's file, name and first message line, repeated at the end where CI's tail shows it. */
const failedTestLines = [];

/** Vitest's JSON report (Jest's shape): a failed assertion's file, full name and first message line. */
function failuresIn(report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const relativePath = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
    for (const assertion of file.assertionResults ?? []) {
      if (assertion.status !== 'failed') continue;
      const firstMessageLine = (assertion.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      lines.push(`${relativePath} > ${assertion.fullName}: ${firstMessageLine}`);
    }
    // A file that fails to load has no assertions, only its message.
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
      lines.push(`${relativePath}: ${(file.message ?? '').split('\n')[0].slice(0, 300)}`);
    }
  }
  return lines;
}

for (const stage of stages) {
  console.info(`\n=== ${stage.name}`);
  const started = Date.now();
  const result = spawnSync(stage.command[0], stage.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let failedTests = 0;
  if (stage.report && existsSync(stage.report)) {
    const report = JSON.parse(readFileSync(stage.report, 'utf8'));
    failedTests = report.numFailedTests;
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    failedTestLines.push(...failuresIn(report));
  }
  if (result.status !== 0) {
    failedStages.push(stage.name);
    // A stage that fails outside a test (lint, types, a file that cannot load) still counts once.
    if (failedTests === 0) totals.failed += 1;
  }
  console.info(`=== ${stage.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
}

if (failedTestLines.length > 0) {
  console.error(`\nFailed tests:\n${failedTestLines.map((line) => `  ${line}`).join('\n')}`);
}
if (failedStages.length > 0) console.error(`\nFailed stages: ${failedStages.join(', ')}`);
console.info(
  `\nsummary: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`,
);
process.exit(failedStages.length > 0 ? 1 : 0);
