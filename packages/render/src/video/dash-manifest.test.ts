import { describe, expect, it } from 'vitest';
import {
  dashManifest,
  dashMediaType,
  rewriteManifestUris,
  type VideoTrack,
} from './dash-manifest.ts';

const segments = (durations: number[], firstStart = 0) => {
  let start = firstStart;
  return durations.map((duration, index) => {
    const segment = { name: `720p-${String(index + 1).padStart(3, '0')}.m4s`, start, duration };
    start += duration;
    return segment;
  });
};

const video = (overrides: Partial<VideoTrack> = {}): VideoTrack => ({
  id: '720p',
  codecs: 'avc1.64001f',
  bandwidth: 3_080_000,
  timescale: 12_800,
  initialization: '720p-init.mp4',
  segments: segments([51_200, 51_200, 51_200, 12_800]),
  width: 1280,
  height: 720,
  ...overrides,
});

describe('DASH manifest', () => {
  it('writes a static MPD whose timeline repeats equal segments and states gaps', () => {
    const manifest = dashManifest({ video: [video()], audio: null, subtitles: [] });
    expect(manifest).toContain('mediaPresentationDuration="PT13.000S"');
    expect(manifest).toContain('maxSegmentDuration="PT4.000S"');
    expect(manifest).toContain(
      '<SegmentTimeline>\n            <S t="0" d="51200" r="2"/>\n            <S d="12800"/>\n',
    );
    // A segment that does not start where the last one ended carries its own @t.
    const gapped = video({
      segments: [
        { name: 'a.m4s', start: 1000, duration: 500 },
        { name: 'b.m4s', start: 1600, duration: 500 },
      ],
    });
    expect(dashManifest({ video: [gapped], audio: null, subtitles: [] })).toContain(
      '<S t="1000" d="500"/>\n            <S t="1600" d="500"/>',
    );
  });

  it('escapes what it writes and what delivery writes into it', () => {
    const manifest = dashManifest({
      video: [video()],
      audio: null,
      subtitles: [{ file: 'subtitles.vtt', name: 'Q&A <live>', language: null, bandwidth: 90 }],
    });
    expect(manifest).toContain('<Label>Q&amp;A &lt;live&gt;</Label>');
    // No language known: no @lang rather than an empty one.
    expect(manifest).toContain('<AdaptationSet id="1" contentType="text" mimeType="text/vtt">');
    const rewritten = rewriteManifestUris(manifest, (name) => `v.mp4?fm=dash&dash-part=${name}`);
    expect(rewritten).toContain('sourceURL="v.mp4?fm=dash&amp;dash-part=720p-init.mp4"');
    expect(rewritten).toContain('media="v.mp4?fm=dash&amp;dash-part=720p-004.m4s"');
    expect(rewritten).toContain('<BaseURL>v.mp4?fm=dash&amp;dash-part=subtitles.vtt</BaseURL>');
    expect(rewritten).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it('types each file by its name', () => {
    expect(dashMediaType('manifest.mpd')).toBe('application/dash+xml');
    expect(dashMediaType('720p-init.mp4')).toBe('video/mp4');
    expect(dashMediaType('720p-012.m4s')).toBe('video/mp4');
    expect(dashMediaType('audio-012.m4s')).toBe('audio/mp4');
    expect(dashMediaType('subtitles-fr.vtt')).toBe('text/vtt');
  });
});
