import { describe, expect, it } from 'vitest';
import { EMBED_HLS_SCRIPT, embedElementId, videoEmbedCode } from './video-embed.utils.ts';

const asset = {
  id: 'src1/films/intro.mp4',
  alt_text: null,
  name: 'Intro "cut"',
  media_width: 1920,
  media_height: 1080,
  fullURL: 'https://demo.darkroom.test/films/intro.mp4',
  fullVideoURL: 'https://demo.darkroom.test/films/intro.mp4?fm=hls',
};

describe('videoEmbedCode', () => {
  it('writes a video element with the poster frame and the stream played by hls.js', () => {
    const code = videoEmbedCode(asset);
    const id = embedElementId(asset.id);
    expect(code).toContain(`<video id="${id}" controls playsinline preload="metadata"`);
    expect(code).toContain(
      'poster="https://demo.darkroom.test/films/intro.mp4?auto=format&amp;fit=max&amp;w=1280"',
    );
    expect(code).toContain('width="1920" height="1080"');
    expect(code).toContain(`<script src="${EMBED_HLS_SCRIPT}"></script>`);
    expect(code).toContain('var source = "https://demo.darkroom.test/films/intro.mp4?fm=hls";');
    expect(code).toContain('hls.attachMedia(video);');
  });

  it('escapes the label and cannot be broken out of by the address', () => {
    const code = videoEmbedCode({
      ...asset,
      fullVideoURL: 'https://x.test/a.mp4?fm=hls&q=</script><script>alert(1)//',
    });
    expect(code).toContain('aria-label="Intro &quot;cut&quot;"');
    expect(code).not.toContain('</script><script>alert');
  });

  it('gives each asset its own element id, the same every time', () => {
    expect(embedElementId('a/b.mp4')).toBe(embedElementId('a/b.mp4'));
    expect(embedElementId('a/b.mp4')).not.toBe(embedElementId('a/c.mp4'));
    expect(embedElementId('a/b.mp4')).toMatch(/^darkroom-video-[0-9a-z]+$/);
  });
});
