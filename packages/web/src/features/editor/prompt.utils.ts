// Spec editor sections 5 and 9: the generative fill prompt and seed.

export const PROMPT_MAX_LENGTH = 1024;
export const FILL_SEED_MIN = 1;
export const FILL_SEED_MAX = 1500;
/** Fill changes reach the parameters 250 ms after the last edit. */
export const FILL_DEBOUNCE_MS = 250;

/**
 * Why a prompt cannot be submitted, or null when it can: it is required, at most 1024
 * characters, and must differ from the one the image already has.
 */
export function promptError(prompt: string, current: string | undefined): string | null {
  const text = prompt.trim();
  if (text === '') return 'Prompt is required';
  if (text.length > PROMPT_MAX_LENGTH) {
    return `Prompt must be at most ${PROMPT_MAX_LENGTH} characters`;
  }
  if (text === (current ?? '').trim()) return 'Prompt must be changed';
  return null;
}

/** A seed the fill accepts: a whole number from 1 to 1500. */
export function isFillSeed(value: number): boolean {
  return Number.isInteger(value) && value >= FILL_SEED_MIN && value <= FILL_SEED_MAX;
}

/** A random fill seed from 1 to 1500; `random` returns [0, 1) like Math.random. */
export function randomFillSeed(random: () => number = Math.random): number {
  return FILL_SEED_MIN + Math.floor(random() * (FILL_SEED_MAX - FILL_SEED_MIN + 1));
}
