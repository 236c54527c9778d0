import { describe, expect, it } from 'vitest';
import { absoluteVideoUrl, generativeVideoSchema } from './generative-video.schema.ts';

describe('generative video form', () => {
  it('takes a trimmed prompt and one of the lengths the provider makes', () => {
    expect(generativeVideoSchema.parse({ prompt: '  waves roll in ', seconds: '8' })).toEqual({
      prompt: 'waves roll in',
      seconds: 8,
    });
  });

  it('refuses an empty or overlong prompt and other lengths', () => {
    const empty = generativeVideoSchema.safeParse({ prompt: '   ', seconds: '4' });
    expect(empty.error?.issues[0]?.message).toBe('Describe the motion you want.');
    const long = generativeVideoSchema.safeParse({ prompt: 'x'.repeat(1025), seconds: '4' });
    expect(long.error?.issues[0]?.message).toBe('At most 1024 characters.');
    expect(generativeVideoSchema.safeParse({ prompt: 'waves', seconds: '5' }).success).toBe(false);
  });

  it('makes the shareable address absolute', () => {
    expect(
      absoluteVideoUrl('/api/v4/video-generations/abc/content?token=t', 'http://localhost:8080'),
    ).toBe('http://localhost:8080/api/v4/video-generations/abc/content?token=t');
  });
});
