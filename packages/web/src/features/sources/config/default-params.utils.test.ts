import { defaultParamsSchema } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import {
  SECTION_ISSUE,
  defaultParamIssues,
  paramsOf,
  row,
  serverIssue,
} from './default-params.utils.ts';

/** The schema's own first message for one parameter, whatever its current wording. */
function schemaMessage(params: Record<string, string>, name: string): string | undefined {
  const result = defaultParamsSchema.safeParse(params);
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === name)?.message;
}

describe('paramsOf', () => {
  it('keeps named rows with trimmed names', () => {
    expect(paramsOf([row(' w ', '400'), row('', 'lost'), row('fm', 'webp')])).toEqual({
      w: '400',
      fm: 'webp',
    });
  });
});

describe('defaultParamIssues', () => {
  it('accepts ordinary parameters', () => {
    expect(defaultParamIssues([row('w', '400'), row('auto', 'format')])).toEqual({});
  });

  it("files each of core's messages under the parameter it concerns", () => {
    const rows = [row('w', '400'), row('ch', 'Width'), row('Bad Name', '1')];
    const issues = defaultParamIssues(rows);
    expect(issues.ch).toBe(schemaMessage({ w: '400', ch: 'Width', 'Bad Name': '1' }, 'ch'));
    expect(issues.ch).toMatch(/cannot be a default parameter/);
    expect(issues['Bad Name']).toBeDefined();
    expect(issues.w).toBeUndefined();
  });

  it('reports a name given twice', () => {
    expect(defaultParamIssues([row('w', '1'), row('w', '2')])).toEqual({
      w: 'w is already in the list.',
    });
  });
});

describe('serverIssue', () => {
  it('puts a pointed parameter on its row and anything else on the list', () => {
    expect(serverIssue('default_params.w', 'Too wide')).toEqual({ w: 'Too wide' });
    expect(serverIssue('default_params', 'Too many')).toEqual({ [SECTION_ISSUE]: 'Too many' });
  });
});
