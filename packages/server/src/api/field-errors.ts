import { pointerFromIssuePath } from '@darkroom/core';
import type { z } from 'zod';
import { ApiError, type ApiErrorItem } from '../errors.ts';

/**
 * One 422 error per invalid field, its pointer under `base`
 * (`['production', 'aws_bucket']` -> `/data/attributes/production/aws_bucket`); the first
 * message of a field wins, as the form shows one message per field.
 */
export function issueErrors(
  issues: readonly z.core.$ZodIssue[],
  base = '/data/attributes',
): ApiError {
  const seen = new Set<string>();
  const items: ApiErrorItem[] = [];
  for (const issue of issues) {
    const pointer = pointerFromIssuePath(issue.path, base);
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    items.push({ code: 'validation_failed', detail: issue.message, source: { pointer } });
  }
  return new ApiError(items);
}

/** A single field error. */
export function fieldError(pointer: string, detail: string): ApiError {
  return new ApiError({ code: 'validation_failed', detail, source: { pointer } });
}
