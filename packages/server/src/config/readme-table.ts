import { CONFIG_VARIABLES } from './settings.ts';
import type { ConfigVariable } from './setting.ts';

/** The configuration table of the README: one row per declared variable, in declaration order. */
export function configTableMarkdown(
  variables: readonly ConfigVariable[] = CONFIG_VARIABLES,
): string {
  const rows = variables.map(
    (variable) => `| \`${variable.name}\` | ${variable.default} | ${variable.description} |`,
  );
  return ['| Variable | Default | Description |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The README markers between which the configuration table lives. */
export const CONFIG_TABLE_MARKERS = {
  start: '<!-- config-table:start -->',
  end: '<!-- config-table:end -->',
} as const;

/** The text between the README's config-table markers, or null when they are missing. */
export function readmeConfigTable(readme: string): string | null {
  const start = readme.indexOf(CONFIG_TABLE_MARKERS.start);
  const end = readme.indexOf(CONFIG_TABLE_MARKERS.end);
  if (start === -1 || end < start) return null;
  return readme.slice(start + CONFIG_TABLE_MARKERS.start.length, end);
}
