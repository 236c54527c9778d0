import { RATE_LIMIT_DETAIL } from '@darkroom/core';
import { describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '../app/session.ts';
import { userSession } from '../test/fixtures.ts';
import { ApiRequestError } from './client.ts';
import { fileCreated, mockUploads, uploadError } from './source-files.fake-xhr.ts';
import { UPLOAD_NETWORK_ERROR, uploadSourceFile } from './source-files.ts';

const sourceId = 'd'.repeat(24);
const png = () => new File([new Uint8Array(2048)], 'red shoe.png', { type: 'image/png' });

describe('uploadSourceFile', () => {
  it('posts the path before the file, with the bearer token, and reports progress', async () => {
    setSession(userSession);
    const { requests } = mockUploads();
    const progress = vi.fn();
    const uploaded = uploadSourceFile(sourceId, png(), {
      path: 'products/red shoe.png',
      onProgress: progress,
    });

    const request = requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/api/v4/sources/${sourceId}/files`);
    expect(request?.headers.get('authorization')).toBe(`Bearer ${userSession.token}`);
    expect(request?.headers.get('accept')).toBe('application/vnd.api+json');
    expect(request?.fieldNames()).toEqual(['path', 'file']);
    expect(request?.body?.get('path')).toBe('products/red shoe.png');
    expect(request?.file()?.name).toBe('red shoe.png');

    request?.progress(1024, 2048);
    expect(progress).toHaveBeenLastCalledWith({ loaded: 1024, total: 2048 });
    request?.respond(fileCreated('products/red shoe.png', 2048));
    await expect(uploaded).resolves.toEqual({
      path: 'products/red shoe.png',
      size: 2048,
      content_type: 'image/png',
    });
  });

  it('sends no path field when none is given', () => {
    setSession(userSession);
    const { requests } = mockUploads();
    void uploadSourceFile(sourceId, png());
    expect(requests[0]?.fieldNames()).toEqual(['file']);
  });

  it("rejects with the server's message, the rate-limit text, or a network error", async () => {
    setSession(userSession);
    const { requests } = mockUploads();

    const tooLarge = uploadSourceFile(sourceId, png());
    requests[0]?.respond(uploadError(413, 'Files can be at most 50000000 bytes.'));
    await expect(tooLarge).rejects.toMatchObject({
      status: 413,
      message: 'Files can be at most 50000000 bytes.',
    });

    const limited = uploadSourceFile(sourceId, png());
    requests[1]?.respond(uploadError(429, 'Too many requests'));
    await expect(limited).rejects.toMatchObject({ status: 429, message: RATE_LIMIT_DETAIL });

    const proxyPage = uploadSourceFile(sourceId, png());
    requests[2]?.respond({ status: 502, text: '<html>Bad gateway</html>' });
    await expect(proxyPage).rejects.toMatchObject({ status: 502, message: 'Something went wrong' });

    const offline = uploadSourceFile(sourceId, png());
    requests[3]?.failNetwork();
    const error = await offline.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, message: UPLOAD_NETWORK_ERROR });
  });

  it('ends the session on a 401', async () => {
    setSession(userSession);
    const { requests } = mockUploads();
    const upload = uploadSourceFile(sourceId, png());
    requests[0]?.respond(uploadError(401, 'Sign in again.'));
    await expect(upload).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
  });

  it('stops the request when the signal aborts', async () => {
    setSession(userSession);
    const { requests } = mockUploads();
    const controller = new AbortController();
    const upload = uploadSourceFile(sourceId, png(), { signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(upload).rejects.toThrow('left the page');
    expect(requests[0]?.aborted).toBe(true);
  });
});
