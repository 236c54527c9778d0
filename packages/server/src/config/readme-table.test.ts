import { describe, expect, it } from 'vitest';
import { CONFIG_TABLE_MARKERS, configTableMarkdown, readmeConfigTable } from './readme-table.ts';
import { CONFIG_VARIABLES } from './settings.ts';

describe('configTableMarkdown', () => {
  const rows = configTableMarkdown().split('\n').slice(2);

  it('has one row per declared variable, in declaration order', () => {
    expect(rows.map((row) => row.split('|')[1]?.trim())).toEqual(
      CONFIG_VARIABLES.map((variable) => `\`${variable.name}\``),
    );
  });

  it("shows each variable's documented default and description", () => {
    CONFIG_VARIABLES.forEach((variable, index) => {
      expect(rows[index]).toBe(
        `| \`${variable.name}\` | ${variable.default} | ${variable.description} |`,
      );
    });
  });

  it('shows a computed default as documented, not as the value worked out on this machine', () => {
    expect(rows).toContain(
      '| `RENDER_CONCURRENCY` | CPU count / `WORKERS` | Renders one process runs at the same time; more wait in the render queue. |',
    );
  });
});

describe('readmeConfigTable', () => {
  it('returns the text between the markers, or null when one is missing', () => {
    const { start, end } = CONFIG_TABLE_MARKERS;
    expect(readmeConfigTable(`# Title\n${start}\n| a |\n${end}\nmore`)).toBe('\n| a |\n');
    expect(readmeConfigTable(`# Title\n${start}\n| a |\n`)).toBeNull();
    expect(readmeConfigTable(`${end}\n${start}`)).toBeNull();
  });
});
