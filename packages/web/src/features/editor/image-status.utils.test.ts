import { describe, expect, it } from 'vitest';
import {
  failureNotices,
  loadFailedMessage,
  originPropertiesOf,
  originPropertiesOfAsset,
  previewStatusOf,
} from './image-status.utils.ts';

describe('image loading answers', () => {
  it('shows a 200, waits on a 423 and fails on anything else', () => {
    expect(previewStatusOf(200)).toBe('ready');
    expect(previewStatusOf(423)).toBe('processing');
    expect(previewStatusOf(404)).toBe('failed');
    expect(previewStatusOf(500)).toBe('failed');
  });

  it('words a failed load with the status and its text', () => {
    expect(loadFailedMessage(404, 'Not Found')).toBe('Image load failed: 404 Not Found');
    expect(loadFailedMessage(502, '')).toBe('Image load failed: 502');
  });

  it('turns the background failure headers into notices that name the parameter', () => {
    const headers = new Headers({
      'X-Darkroom-Bg-Remove-Failure-Reason': 'too large',
      'X-Darkroom-Bg-Replace-Failure-Reason': 'no provider',
      'X-Darkroom-Upscale-Failure-Reason': 'not mine',
    });
    expect(failureNotices(headers)).toEqual([
      { param: 'bg-remove', message: 'Unable to remove background.', reason: 'too large' },
      { param: 'bg-replace', message: 'Unable to replace background.', reason: 'no provider' },
    ]);
    expect(failureNotices(new Headers())).toEqual([]);
  });

  it('reads the origin properties from fm=json', () => {
    expect(
      originPropertiesOf(
        {
          PixelWidth: 400,
          PixelHeight: 200,
          'Content-Length': '5120',
          'Content-Type': 'image/png',
        },
        'http://demo.localhost:8080/a.png',
      ),
    ).toEqual({
      originWidth: 400,
      originHeight: 200,
      originFileSize: 5120,
      originImgType: 'png',
      originUrl: 'http://demo.localhost:8080/a.png',
      originAspectRatio: 2,
    });
    expect(originPropertiesOf({ PixelWidth: 0 }, 'x')).toBeNull();
    expect(originPropertiesOf('nope', 'x')).toBeNull();
  });

  it('falls back to the asset record for the origin properties, when it has dimensions', () => {
    const asset = {
      fullURL: 'http://demo.localhost:8080/a.jpg',
      media_width: 300,
      media_height: 150,
      file_size: 999,
      content_type: 'image/jpeg',
    };
    expect(originPropertiesOfAsset(asset)).toEqual({
      originWidth: 300,
      originHeight: 150,
      originFileSize: 999,
      originImgType: 'jpeg',
      originUrl: 'http://demo.localhost:8080/a.jpg',
      originAspectRatio: 2,
    });
    expect(originPropertiesOfAsset({ ...asset, media_width: null })).toBeNull();
    expect(originPropertiesOfAsset({ ...asset, fullURL: null })).toBeNull();
  });
});
