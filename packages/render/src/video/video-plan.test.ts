import { parseParams, type Params } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { parseBitrate, renditionLadder } from './hls-ladder.ts';
import { masterPlaylist, rewritePlaylistUris, segmentDurations } from './hls-playlists.ts';
import { spritesheetPlan } from './spritesheet-plan.ts';
import {
  clipWindow,
  constantRateFactor,
  thumbnailSeconds,
  videoCodecOf,
  videoGeometry,
} from './video-plan.ts';

function params(query: string): Params {
  const parsed = parseParams(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.issues.map((issue) => issue.message).join('; '));
  return parsed.params;
}

const HD = { width: 1920, height: 1080 };

describe('clip window', () => {
  it('runs from the start to the end of the video without clip parameters', () => {
    expect(clipWindow(params(''), 12.5)).toEqual({ startS: 0, durationS: 12.5 });
  });

  it('lets a duration count from the start and an earlier end win over it', () => {
    expect(clipWindow(params('video-clip-start=2&video-clip-duration=3'), 10)).toEqual({
      startS: 2,
      durationS: 3,
    });
    expect(
      clipWindow(params('video-clip-start=2&video-clip-duration=6&video-clip-end=4'), 10),
    ).toEqual({ startS: 2, durationS: 2 });
  });

  it('stops at the end of the video and refuses a start past it', () => {
    expect(clipWindow(params('video-clip-start=8&video-clip-duration=5'), 10).durationS).toBe(2);
    expect(() => clipWindow(params('video-clip-start=11'), 10)).toThrow(RenderError);
  });

  it('refuses an end before the start', () => {
    expect(() => clipWindow(params('video-clip-start=5&video-clip-end=3'), 10)).toThrow(
      /must come after/,
    );
  });
});

describe('video geometry', () => {
  it('keeps the input size (made even) without w or h', () => {
    expect(videoGeometry(params(''), { width: 321, height: 241 })).toMatchObject({
      width: 322,
      height: 242,
      frame: 'none',
    });
  });

  it('fits inside the box by default, keeping the aspect ratio', () => {
    expect(videoGeometry(params('w=640&h=640'), HD)).toMatchObject({ width: 640, height: 360 });
    expect(videoGeometry(params('w=640'), HD)).toMatchObject({ width: 640, height: 360 });
    expect(videoGeometry(params('h=720'), HD)).toMatchObject({ width: 1280, height: 720 });
  });

  it('covers and crops with fit=crop, pads with fit=fill, stretches with fit=scale', () => {
    expect(videoGeometry(params('w=400&h=400&fit=crop'), HD)).toEqual({
      scale: { width: 712, height: 400 },
      width: 400,
      height: 400,
      frame: 'crop',
    });
    expect(videoGeometry(params('w=400&h=400&fit=fill'), HD)).toEqual({
      scale: { width: 400, height: 226 },
      width: 400,
      height: 400,
      frame: 'pad',
    });
    expect(videoGeometry(params('w=400&h=400&fit=scale'), HD)).toMatchObject({
      width: 400,
      height: 400,
      frame: 'none',
    });
  });

  it('sizes a box past 8192 down whole, as imgix sizes every output down', () => {
    expect(videoGeometry(params('w=16384&h=8192&fit=scale'), HD)).toMatchObject({
      width: 8192,
      height: 4096,
    });
    // Held at parse time, then sized down: the shape of the input is kept.
    expect(videoGeometry(params('w=100000000000'), HD)).toMatchObject({
      width: 8192,
      height: 4608,
    });
    expect(videoGeometry(params('w=100&h=20000&fit=crop'), HD)).toMatchObject({
      width: 40,
      height: 8192,
      frame: 'crop',
    });
  });

  it('never enlarges with fit=max', () => {
    expect(videoGeometry(params('w=4000&fit=max'), HD)).toMatchObject({
      width: 1920,
      height: 1080,
    });
  });

  it('takes the fallback of fit=facearea,fill and fit=facearea,fillmax: no face is looked for', () => {
    expect(videoGeometry(params('w=400&h=400&fit=facearea,fill'), HD)).toEqual(
      videoGeometry(params('w=400&h=400&fit=fill'), HD),
    );
    expect(videoGeometry(params('w=4000&h=4000&fit=facearea,fillmax'), HD)).toEqual({
      scale: { width: 1920, height: 1080 },
      width: 4000,
      height: 4000,
      frame: 'pad',
    });
  });
});

describe('codec, quality and thumbnail choices', () => {
  it('writes H.264 to MP4 and VP9 to WebM unless video-codec says otherwise', () => {
    expect(videoCodecOf(params(''), 'mp4')).toBe('h264');
    expect(videoCodecOf(params('video-codec=h265'), 'mp4')).toBe('h265');
    expect(videoCodecOf(params(''), 'webm')).toBe('vp9');
    expect(videoCodecOf(params('video-codec=av1'), 'webm')).toBe('av1');
    expect(() => videoCodecOf(params('video-codec=h264'), 'webm')).toThrow(/WebM/);
  });

  it('maps a higher q to a lower constant rate factor', () => {
    const best = constantRateFactor(params('q=100'), 'h264');
    const worst = constantRateFactor(params('q=0'), 'h264');
    expect(best).toBeLessThan(constantRateFactor(params('q=50'), 'h264'));
    expect(worst).toBe(51);
    expect(constantRateFactor(params('q=0'), 'vp9')).toBe(63);
  });

  it('takes the poster frame at video-thumbnail seconds, within the clip', () => {
    expect(thumbnailSeconds(params(''), 10)).toBe(0);
    expect(thumbnailSeconds(params('video-thumbnail=3'), 10)).toBe(3);
    expect(thumbnailSeconds(params('video-thumbnail=30'), 10)).toBeCloseTo(9.9);
  });
});

describe('HLS ladder and playlists', () => {
  it('offers the standard renditions no taller than the input', () => {
    expect(renditionLadder(params(''), HD).map((step) => step.name)).toEqual([
      '1080p',
      '720p',
      '480p',
      '360p',
      '240p',
    ]);
  });

  it('gives a small input three renditions of its own', () => {
    const ladder = renditionLadder(params(''), { width: 320, height: 240 });
    expect(ladder.map((step) => [step.width, step.height])).toEqual([
      [320, 240],
      [214, 160],
      [106, 80],
    ]);
  });

  it('follows video-renditions, tallest first, and refuses a malformed pair', () => {
    const ladder = renditionLadder(params('video-renditions=480:1.5m,720:3m'), HD);
    expect(ladder).toEqual([
      { name: '720p', width: 1280, height: 720, bitrate: 3_000_000 },
      { name: '480p', width: 854, height: 480, bitrate: 1_500_000 },
    ]);
    expect(() => renditionLadder(params('video-renditions=720'), HD)).toThrow(/height:bitrate/);
    expect(parseBitrate('800k')).toBe(800_000);
    expect(parseBitrate('fast')).toBeNull();
  });

  it('lists each rendition with its bandwidth, resolution and address', () => {
    const ladder = renditionLadder(params('video-renditions=720:3m,360:800k'), HD);
    const text = masterPlaylist(ladder, true, (name) => `clip.mp4?fm=hls&part=${name}`);
    expect(text.split('\n').slice(0, 5)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=3428000,RESOLUTION=1280x720,CODECS="avc1.640028,mp4a.40.2"',
      'clip.mp4?fm=hls&part=720p.m3u8',
    ]);
  });

  it('rewrites segment names and reads their durations', () => {
    const playlist = '#EXTM3U\n#EXTINF:4.000000,\n720p-000.ts\n#EXTINF:1.5,\n720p-001.ts\n';
    expect(rewritePlaylistUris(playlist, (name) => `x?part=${name}`)).toContain(
      'x?part=720p-001.ts',
    );
    expect([...segmentDurations(playlist)]).toEqual([
      ['720p-000.ts', 4000],
      ['720p-001.ts', 1500],
    ]);
  });
});

describe('spritesheet plan', () => {
  it('samples about 25 frames into a near-square grid of 160 px tiles by default', () => {
    expect(spritesheetPlan(params(''), 60, HD)).toEqual({
      intervalS: 3,
      columns: 5,
      rows: 4,
      tileWidth: 160,
      tileHeight: 90,
      format: 'jpg',
    });
  });

  it('follows the video-spritesheet parameters', () => {
    expect(
      spritesheetPlan(
        params(
          'video-spritesheet-interval=2&video-spritesheet-columns=2&video-spritesheet-w=100&video-spritesheet-h=50&video-spritesheet-format=webp',
        ),
        10,
        HD,
      ),
    ).toEqual({
      intervalS: 2,
      columns: 2,
      rows: 3,
      tileWidth: 100,
      tileHeight: 50,
      format: 'webp',
    });
  });
});
