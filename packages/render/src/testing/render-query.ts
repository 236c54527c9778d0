import { parseParams } from '@darkroom/core';
import type { RenderRequest, RenderResult } from '../pipeline/context.ts';
import { render } from '../pipeline/render.ts';

export type RequestOverrides = Partial<Omit<RenderRequest, 'input' | 'params'>>;

/**
 * The request the delivery layer would make for `input` and a query string such as
 * `w=100&fit=crop`, failing the test with the parser's messages when the query is invalid.
 */
export function requestFor(
  input: Uint8Array,
  query: string,
  overrides: RequestOverrides = {},
): RenderRequest {
  const parsed = parseParams(new URLSearchParams(query));
  if (!parsed.ok) {
    throw new Error(`invalid query ${query}: ${parsed.issues.map((i) => i.message).join('; ')}`);
  }
  return {
    input,
    params: parsed.params,
    accept: null,
    clientHints: { width: null, viewportWidth: null, dpr: null, saveData: false },
    fetchImage: () => Promise.reject(new Error('this test fetches no overlay images')),
    ...overrides,
  };
}

/** Renders `input` with a query string, as the delivery layer would. */
export async function renderQuery(
  input: Uint8Array,
  query: string,
  overrides: RequestOverrides = {},
): Promise<RenderResult> {
  return render(requestFor(input, query, overrides));
}

/** Renders `input` as an image, failing the test when the answer has no pixel size. */
export async function renderImage(
  input: Uint8Array,
  query: string,
  overrides: RequestOverrides = {},
): Promise<{ width: number; height: number; body: Buffer }> {
  const result = await renderQuery(input, query, overrides);
  if (result.width === null || result.height === null) throw new Error('no image size');
  return { width: result.width, height: result.height, body: result.body };
}
