import { parseParams, type Params } from '@darkroom/core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { numberedAnimation } from '../testing/animated-images.ts';
import { segmentDurations } from './hls-playlists.ts';
import { MASTER_PLAYLIST } from './hls.ts';
import {
  describeVideo,
  transcodeVideo,
  videoHls,
  videoPoster,
  videoSpritesheet,
} from './render-video.ts';
import { ffprobe, streamOf, testClip } from './testing-clips.ts';

function params(query: string): Params {
  const parsed = parseParams(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.issues.map((issue) => issue.message).join('; '));
  return parsed.params;
}

let clip: Buffer;

beforeAll(async () => {
  clip = await testClip({ width: 320, height: 240, seconds: 3, fps: 25 });
});

describe('video engine on generated clips', { timeout: 120_000 }, () => {
  it('reads duration, dimensions, codec, frame rate and audio with ffprobe', async () => {
    const info = await describeVideo(clip);
    expect(info).toMatchObject({ width: 320, height: 240, codec: 'h264', frameRate: 25 });
    expect(info.hasAudio).toBe(true);
    expect(info.durationMs).toBeGreaterThanOrEqual(2900);
    expect(info.durationMs).toBeLessThanOrEqual(3100);
  });

  it('transcodes to MP4 with w, a clip window and H.264 with AAC', async () => {
    const result = await transcodeVideo(
      { input: clip, params: params('fm=mp4&w=160&video-clip-start=1&video-clip-duration=1') },
      'mp4',
    );
    expect(result).toMatchObject({ contentType: 'video/mp4', width: 160, height: 120 });
    expect(result.durationMs).toBe(1000);
    const probed = await ffprobe(result.body);
    expect(probed.format.format_name).toContain('mp4');
    expect(Number(probed.format.duration)).toBeCloseTo(1, 0);
    expect(streamOf(probed, 'video')).toMatchObject({
      codec_name: 'h264',
      width: 160,
      height: 120,
    });
    expect(streamOf(probed, 'audio').codec_name).toBe('aac');
  });

  it('transcodes to WebM (VP9 and Opus) cropped to the box', async () => {
    const result = await transcodeVideo(
      { input: clip, params: params('fm=webm&w=100&h=100&fit=crop&q=40') },
      'webm',
    );
    expect(result.contentType).toBe('video/webm');
    const probed = await ffprobe(result.body, 'clip.webm');
    expect(probed.format.format_name).toContain('webm');
    expect(streamOf(probed, 'video')).toMatchObject({ codec_name: 'vp9', width: 100, height: 100 });
    expect(streamOf(probed, 'audio').codec_name).toBe('opus');
  });

  it('writes H.265 when video-codec asks for it, at the asked bitrate', async () => {
    const result = await transcodeVideo(
      {
        input: clip,
        params: params('fm=mp4&video-codec=h265&video-bitrate=1m&video-clip-duration=1'),
      },
      'mp4',
    );
    expect(streamOf(await ffprobe(result.body), 'video').codec_name).toBe('hevc');
  });

  it('turns an animated GIF into an MP4 with every frame, and the video back into a GIF', async () => {
    const gif = await numberedAnimation(6, 40, 30, 'gif', Array(6).fill(100) as number[]);
    const mp4 = await transcodeVideo({ input: gif, params: params('fm=mp4') }, 'mp4');
    const video = streamOf(await ffprobe(mp4.body), 'video');
    expect(video).toMatchObject({ codec_name: 'h264', width: 40, height: 30 });
    expect(Number(video.nb_read_frames)).toBe(6);

    const back = await transcodeVideo({ input: mp4.body, params: params('fm=gif') }, 'gif');
    const metadata = await sharp(back.body).metadata();
    expect(metadata.format).toBe('gif');
    expect(metadata.pages).toBe(6);
  });

  it('turns an animated WebP into an MP4 (ffmpeg cannot decode those frames; sharp does)', async () => {
    const webp = await numberedAnimation(4, 32, 32, 'webp', [200, 200, 200, 200]);
    const mp4 = await transcodeVideo({ input: webp, params: params('fm=mp4') }, 'mp4');
    expect(mp4.durationMs).toBe(800);
    const video = streamOf(await ffprobe(mp4.body), 'video');
    expect(video).toMatchObject({ codec_name: 'h264', width: 32, height: 32 });
    expect(Number(video.nb_read_frames)).toBe(4);
  });

  it('makes an animated WebP of a video', async () => {
    const result = await transcodeVideo(
      { input: clip, params: params('fm=webp&w=80&video-clip-duration=1') },
      'webp',
    );
    const metadata = await sharp(result.body).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 80 });
    expect(metadata.pages).toBeGreaterThan(1);
  });

  it('takes the poster frame as a JPEG of the video size', async () => {
    const poster = await videoPoster({ input: clip, params: params('video-thumbnail=2') });
    expect(await sharp(poster).metadata()).toMatchObject({
      format: 'jpeg',
      width: 320,
      height: 240,
    });
  });

  it('tiles sampled frames into a spritesheet', async () => {
    const sheet = await videoSpritesheet({
      input: clip,
      params: params('video-spritesheet-interval=1&video-spritesheet-w=80'),
    });
    expect(sheet).toMatchObject({ contentType: 'image/jpeg', width: 160, height: 120 });
    expect(await sharp(sheet.body).metadata()).toMatchObject({ width: 160, height: 120 });
  });

  it('packages an HLS ladder of three renditions with playable MPEG-TS segments', async () => {
    const stream = await videoHls({ input: clip, params: params('') });
    expect(stream.renditions.map((step) => step.name)).toEqual(['240p', '160p', '80p']);
    expect(stream.encodedMs).toBe(9000);
    const master = stream.files.get(MASTER_PLAYLIST)?.toString('utf8') ?? '';
    expect(master.match(/#EXT-X-STREAM-INF/g)).toHaveLength(3);
    for (const rendition of stream.renditions) {
      const playlist = stream.files.get(`${rendition.name}.m3u8`)?.toString('utf8') ?? '';
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const segments = segmentDurations(playlist);
      expect(segments.size).toBeGreaterThan(0);
      const total = [...segments.values()].reduce((sum, ms) => sum + ms, 0);
      expect(total).toBeGreaterThanOrEqual(2900);
      const [first] = segments.keys();
      const probed = await ffprobe(stream.files.get(first ?? '') ?? Buffer.alloc(0), 'seg.ts');
      expect(probed.format.format_name).toBe('mpegts');
      expect(streamOf(probed, 'video')).toMatchObject({
        codec_name: 'h264',
        height: rendition.height,
      });
      expect(streamOf(probed, 'audio').codec_name).toBe('aac');
    }
  });

  it('refuses inputs past the limits with the limit named', async () => {
    const refusal = (limits: Parameters<typeof transcodeVideo>[0]['limits']) =>
      transcodeVideo({ input: clip, params: params('fm=mp4'), limits }, 'mp4');
    await expect(refusal({ maxDurationS: 2 })).rejects.toThrow(/at most 2 s/);
    await expect(refusal({ maxPixels: 1000 })).rejects.toThrow(/at most 1000 pixels/);
    await expect(refusal({ maxBytes: 100 })).rejects.toMatchObject({ status: 413 });
  });

  it('answers 415 for bytes that are no video', async () => {
    const refused = describeVideo(Buffer.from('not a video at all'));
    await expect(refused).rejects.toBeInstanceOf(RenderError);
    await expect(refused).rejects.toMatchObject({ status: 415 });
  });
});
