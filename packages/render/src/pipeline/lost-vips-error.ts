import type { Deadline } from '../output/limits.ts';
import { RenderError } from './context.ts';

// libvips keeps one error buffer for the whole process, and sharp's binding copies and clears
// it when an operation fails. When two renders fail at the same moment, the first to read the
// buffer takes both messages: the other is left with an empty one, which sharp reports as
// "Unknown error", or even with the first one's message. A failure that is not already a
// RenderError (which the render's own checks and `asRenderError` give for every failure they
// recognise) may be such a mix-up, so the render runs again to learn what failed; only renders
// that fail that way are run twice.
const LOST_MESSAGE = 'Unknown error';
const ATTEMPTS = 3;

/** Whether sharp failed with its message taken by another failing operation. */
export function isLostVipsError(error: unknown): boolean {
  return (
    error instanceof Error && !(error instanceof RenderError) && error.message === LOST_MESSAGE
  );
}

/**
 * Runs `render`, again while it fails with an error the render could not explain and time is
 * left. A render that loses its message every time answers 422: libvips refused the input
 * without a reason. Any other unexplained failure, met every time, is a bug and stays as it is.
 */
export async function retryingLostVipsErrors<T>(
  deadline: Deadline,
  render: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await render();
    } catch (error) {
      if (error instanceof RenderError) throw error;
      if (attempt === ATTEMPTS) {
        if (!isLostVipsError(error)) throw error;
        throw new RenderError(422, 'The origin image could not be decoded.', { cause: error });
      }
      deadline.check();
    }
  }
}
