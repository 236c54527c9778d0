import type { RenderResult } from '@darkroom/render';

/**
 * The headers that report premium operations skipped or applied with a warning
 * (`X-Darkroom-Bg-Remove-Failure-Reason`, as imgix's `x-imgix-bg-remove-failure-reason`); null
 * when there are none. Header values are one line of visible ASCII.
 */
export function aiHeaders(result: RenderResult): Record<string, string> | null {
  const headers: Record<string, string> = {};
  for (const [operation, reason] of Object.entries(result.aiFailures ?? {})) {
    headers[`x-darkroom-${operation}-failure-reason`] = headerValue(reason);
  }
  for (const [operation, warning] of Object.entries(result.aiWarnings ?? {})) {
    headers[`x-darkroom-${operation}-warning`] = headerValue(warning);
  }
  return Object.keys(headers).length === 0 ? null : headers;
}

function headerValue(text: string): string {
  return text
    .replace(/[^\x20-\x7e]+/g, ' ')
    .trim()
    .slice(0, 500);
}

/** What a browser script may read of a cross-origin answer: the editor reads these reasons. */
export const AI_EXPOSED_HEADERS = [
  'X-Darkroom-Bg-Remove-Failure-Reason',
  'X-Darkroom-Bg-Replace-Failure-Reason',
  'X-Darkroom-Upscale-Failure-Reason',
  'X-Darkroom-Upscale-Warning',
  'X-Darkroom-Object-Removal-Failure-Reason',
];
