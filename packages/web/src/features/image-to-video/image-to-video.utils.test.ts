import { describe, expect, it } from 'vitest';
import {
  clampFocalPoint,
  clampSeconds,
  focalPointAt,
  isRenderingOf,
  parseSourceImage,
  stillUrlFor,
  videoDownloadUrl,
  videoUrlFor,
  type SourceImage,
} from './image-to-video.utils.ts';

const assetUrl = 'http://demo.localhost:8080/photos/red%20cat.jpg';

function parsed(value: string): SourceImage {
  const result = parseSourceImage(value);
  if ('error' in result) throw new Error(result.error);
  return result;
}

describe('parseSourceImage', () => {
  it('takes an origin path as it is', () => {
    expect(parsed('/photos/red cat.jpg')).toEqual({
      originPath: '/photos/red cat.jpg',
      stillUrl: null,
      stillParams: [],
    });
  });

  it('takes an origin path followed by rendering parameters', () => {
    expect(parsed('/photos/red%20cat.jpg?w=320&fm=png')).toEqual({
      originPath: '/photos/red cat.jpg',
      stillUrl: null,
      stillParams: [['w', '320']],
    });
  });

  it('takes a rendering URL, decoding its path and keeping its own parameters', () => {
    const image = parsed(`${assetUrl}?w=400&fm=png&dl=x.png&s=abc&fp-x=0.1&ar=16:9`);
    expect(image.originPath).toBe('/photos/red cat.jpg');
    expect(image.stillParams).toEqual([
      ['w', '400'],
      ['ar', '16:9'],
    ]);
  });

  it('refuses nothing, other schemes, and paths that climb or have empty segments', () => {
    expect(parseSourceImage(null)).toHaveProperty('error');
    expect(parseSourceImage('')).toHaveProperty('error');
    expect(parseSourceImage('javascript:alert(1)')).toHaveProperty('error');
    expect(parseSourceImage('/photos/../secret.jpg')).toHaveProperty('error');
    expect(parseSourceImage('//evil.example/a.jpg')).toHaveProperty('error');
    expect(parseSourceImage('not a url')).toHaveProperty('error');
    expect(parseSourceImage('http://origin-path.invalid/a.jpg')).toHaveProperty('error');
    expect(parseSourceImage('/photos/%E0%A4%A.jpg')).toHaveProperty('error');
  });
});

describe('isRenderingOf', () => {
  it('needs the same host and path as the asset', () => {
    expect(isRenderingOf(new URL(`${assetUrl}?w=4`), assetUrl)).toBe(true);
    expect(
      isRenderingOf(new URL('http://evil.localhost:8080/photos/red%20cat.jpg'), assetUrl),
    ).toBe(false);
    expect(isRenderingOf(new URL('http://demo.localhost:8080/photos/other.jpg'), assetUrl)).toBe(
      false,
    );
  });
});

describe('video options', () => {
  it('keeps the duration a whole number of seconds from 1 to 20', () => {
    expect(clampSeconds(0)).toBe(1);
    expect(clampSeconds(7.4)).toBe(7);
    expect(clampSeconds(99)).toBe(20);
    expect(clampSeconds(Number.NaN)).toBe(5);
  });

  it('keeps the focal point inside the picture, to two decimals', () => {
    expect(clampFocalPoint({ x: -1, y: 0.3333 })).toEqual({ x: 0, y: 0.33 });
    expect(clampFocalPoint({ x: 1.2, y: 1 })).toEqual({ x: 1, y: 1 });
  });

  it('finds the focal point of a click on the picture', () => {
    const rect = { left: 100, top: 50, width: 200, height: 100 };
    expect(focalPointAt(150, 75, rect)).toEqual({ x: 0.25, y: 0.25 });
    expect(focalPointAt(0, 500, rect)).toEqual({ x: 0, y: 1 });
    expect(focalPointAt(10, 10, { left: 0, top: 0, width: 0, height: 0 })).toEqual({
      x: 0.5,
      y: 0.5,
    });
  });
});

describe('videoUrlFor', () => {
  it('asks for an MP4 of the still with the duration and focal point', () => {
    const image = parsed(`${assetUrl}?w=400&fm=png`);
    const url = new URL(videoUrlFor(assetUrl, image, { seconds: 8, focus: { x: 0.2, y: 0.75 } }));
    expect(url.origin + url.pathname).toBe(assetUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      w: '400',
      fm: 'mp4',
      'video-clip-duration': '8',
      crop: 'focalpoint',
      'fp-x': '0.2',
      'fp-y': '0.75',
    });
  });

  it('renders the still from the asset URL and the kept parameters', () => {
    expect(stillUrlFor(assetUrl, parsed('/photos/red cat.jpg'))).toBe(assetUrl);
    expect(stillUrlFor(assetUrl, parsed(`${assetUrl}?h=300`))).toBe(`${assetUrl}?h=300`);
  });

  it('downloads under the image name with .mp4', () => {
    const video = `${assetUrl}?fm=mp4`;
    expect(new URL(videoDownloadUrl(video, '/photos/red cat.jpg')).searchParams.get('dl')).toBe(
      'red cat.mp4',
    );
  });
});
