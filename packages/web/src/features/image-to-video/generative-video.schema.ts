import { z } from 'zod';
import { GENERATED_VIDEO_SECONDS, MAX_VIDEO_PROMPT_LENGTH } from '../../api/video-generations.ts';

/** The same rules the server checks (api/video-generations.ts). */
export const generativeVideoSchema = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, 'Describe the motion you want.')
    .max(MAX_VIDEO_PROMPT_LENGTH, `At most ${MAX_VIDEO_PROMPT_LENGTH} characters.`),
  seconds: z.enum(GENERATED_VIDEO_SECONDS.map(String) as ['4', '8', '12']).transform(Number),
});

export type GenerativeVideoInput = z.input<typeof generativeVideoSchema>;

/** The address a generated video plays from, absolute so it can be copied and shared. */
export function absoluteVideoUrl(videoUrl: string, origin: string): string {
  return new URL(videoUrl, origin).toString();
}
