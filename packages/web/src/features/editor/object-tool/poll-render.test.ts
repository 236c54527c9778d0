import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_FAILED_MESSAGE, loadFailedMessage, pollRender } from './poll-render.ts';

function answers(...replies: (Response | Error)[]) {
  const fetchMock = vi.fn(() => {
    const reply = replies.shift();
    if (reply === undefined) throw new Error('No more replies');
    return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const reply = (status: number, statusText = '') => new Response(null, { status, statusText });
const url = 'http://demo.localhost:8080/a.jpg?object-removal-rect=1,1,2,2';

describe('pollRender', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks with HEAD again after each 423 until the render is there', async () => {
    const fetchMock = answers(reply(423), reply(423), reply(200));
    const locked: number[] = [];
    const state = await pollRender(url, {
      retryMs: 0,
      signal: new AbortController().signal,
      onLocked: (attempt) => locked.push(attempt),
    });
    expect(state).toEqual({ kind: 'ready', url });
    expect(locked).toEqual([1, 2]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[0]).toEqual([url, expect.objectContaining({ method: 'HEAD' })]);
  });

  it('reports any other status with its text', async () => {
    answers(reply(423), reply(403, 'Forbidden'), reply(403, 'Forbidden'));
    const state = await pollRender(url, { retryMs: 0, signal: new AbortController().signal });
    expect(state).toEqual({
      kind: 'failed',
      status: 403,
      message: 'Image load failed: 403 Forbidden',
      reason: null,
    });
  });

  it("reads the delivery's reason for a refusal from its body", async () => {
    const because =
      'object-removal-prompt needs a generative image provider, which this server does not have (set GENERATIVE_API_URL).';
    const fetchMock = answers(
      reply(422, 'Unprocessable Entity'),
      new Response(`${because}\n`, {
        status: 422,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      }),
    );
    const state = await pollRender(url, { retryMs: 0, signal: new AbortController().signal });
    expect(state).toEqual({
      kind: 'failed',
      status: 422,
      message: 'Image load failed: 422 Unprocessable Entity',
      reason: because,
    });
    expect(fetchMock.mock.calls[1]).toEqual([url, expect.not.objectContaining({ method: 'HEAD' })]);
  });

  it('reports a network failure without a status', async () => {
    answers(new TypeError('Failed to fetch'));
    const state = await pollRender(url, { retryMs: 0, signal: new AbortController().signal });
    expect(state).toEqual({
      kind: 'failed',
      status: null,
      message: IMAGE_FAILED_MESSAGE,
      reason: null,
    });
  });

  it('stops waiting when aborted', async () => {
    answers(reply(423));
    const controller = new AbortController();
    const polling = pollRender(url, {
      retryMs: 60_000,
      signal: controller.signal,
      onLocked: () => controller.abort(),
    });
    await expect(polling).rejects.toThrow();
  });

  it('formats the failure message of spec section 8', () => {
    expect(loadFailedMessage(500, 'Internal Server Error')).toBe(
      'Image load failed: 500 Internal Server Error',
    );
    expect(loadFailedMessage(502, '')).toBe('Image load failed: 502');
  });
});
