import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '../../app/session.ts';
import { documentOf, mockApi, type RecordedRequest } from '../../test/fetch-mock.ts';
import { userSession } from '../../test/fixtures.ts';
import { sourceIds, sourceResource } from '../sources/sources.test-fixtures.ts';
import { signUrls, signUrlsInSnippet } from './sign-urls.ts';
import { useSignedUrls } from './use-signed-urls.ts';

const SIGN_ROUTE = `POST /api/v4/sources/${sourceIds.first}/signed-urls`;

/** Signs as the server would, with a stand-in signature naming the path's place in the batch. */
function signingReply(request: RecordedRequest) {
  const { paths } = (request.body as { data: { attributes: { paths: string[] } } }).data.attributes;
  return {
    body: documentOf({
      type: 'signed_urls',
      id: sourceIds.first,
      attributes: {
        signed: true,
        urls: paths.map((path, index) => ({
          path,
          signed_path: `${path}${path.includes('?') ? '&' : '?'}s=${index}`,
        })),
      },
    }),
  };
}

function pathsOf(request: RecordedRequest | undefined): string[] {
  return (request?.body as { data: { attributes: { paths: string[] } } }).data.attributes.paths;
}

function setup(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [SIGN_ROUTE]: signingReply, ...routes });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { api, queryClient, wrapper };
}

describe('signed delivery URLs', () => {
  beforeEach(() => setSession(userSession));

  it('gives the URLs of a source that does not sign at once, asking nothing', () => {
    const { api, wrapper } = setup();
    const urls = ['http://photos.localhost:8080/a.png?w=10'];
    const { result } = renderHook(
      () => useSignedUrls(sourceIds.first, urls, { requiresSigning: false }),
      { wrapper },
    );
    expect(result.current).toEqual({ status: 'ready', urls, error: null });
    expect(api.requests).toHaveLength(0);
  });

  it('signs the URLs of a secure source in one request, keeping their origin', async () => {
    const { api, wrapper } = setup();
    const urls = ['http://photos.localhost:8080/a.png?w=10', 'http://photos.localhost:8080/b.png'];
    const { result } = renderHook(
      () => useSignedUrls(sourceIds.first, urls, { requiresSigning: true }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.urls).toEqual([
      'http://photos.localhost:8080/a.png?w=10&s=0',
      'http://photos.localhost:8080/b.png?s=1',
    ]);
    expect(api.requestsTo(SIGN_ROUTE)).toHaveLength(1);
  });

  it('looks the source up when the caller does not know it: a web proxy always signs', async () => {
    const proxy = sourceResource(sourceIds.first, 'proxy', {
      production: { type: 'webproxy', webproxy_info: null },
    });
    const { api, wrapper } = setup({
      [`GET /api/v4/sources/${sourceIds.first}`]: { body: documentOf(proxy) },
    });
    const urls = ['http://proxy.localhost:8080/https%3A%2F%2Fexample.com%2Fa.png'];
    const { result } = renderHook(() => useSignedUrls(sourceIds.first, urls), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.urls).toEqual([`${urls[0]}?s=0`]);
    expect(api.requestsTo(`GET /api/v4/sources/${sourceIds.first}`)).toHaveLength(1);
  });

  it('says when signing failed', async () => {
    const { wrapper } = setup({
      [SIGN_ROUTE]: { status: 403, body: { errors: [{ status: '403', detail: 'No.' }] } },
    });
    const { result } = renderHook(
      () =>
        useSignedUrls(sourceIds.first, ['http://photos.localhost:8080/a.png'], {
          requiresSigning: true,
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.status).toBe('error'));
  });

  it('signs what the browser sends: spaces and accents percent-encoded first', async () => {
    const { api, queryClient } = setup();
    queryClient.setQueryData(['delivery-urls', 'requirement', sourceIds.first], true);
    const [signed] = await signUrls(queryClient, sourceIds.first, [
      'http://photos.localhost:8080/a b/ça.png?txt=hello world',
    ]);
    expect(pathsOf(api.requestsTo(SIGN_ROUTE)[0])).toEqual([
      '/a%20b/%C3%A7a.png?txt=hello%20world',
    ]);
    expect(signed).toBe('http://photos.localhost:8080/a%20b/%C3%A7a.png?txt=hello%20world&s=0');
  });

  it('sends at most 200 paths a request', async () => {
    const { api, queryClient } = setup();
    queryClient.setQueryData(['delivery-urls', 'requirement', sourceIds.first], true);
    const urls = Array.from({ length: 250 }, (_, index) => `http://p.localhost/${index}.png`);
    const signed = await signUrls(queryClient, sourceIds.first, urls);
    const requests = api.requestsTo(SIGN_ROUTE);
    expect(requests.map((request) => pathsOf(request).length)).toEqual([200, 50]);
    expect(signed[0]).toBe('http://p.localhost/0.png?s=0');
    expect(signed[249]).toBe('http://p.localhost/249.png?s=49');
  });

  it('signs every URL of an HTML snippet, writing & as &amp; in attributes', async () => {
    const { api, queryClient } = setup();
    queryClient.setQueryData(['delivery-urls', 'requirement', sourceIds.first], true);
    const base = 'http://photos.localhost:8080/cat.png';
    const snippet = `<img src="${base}?auto=format" srcset="${base}?auto=format&amp;w=100 100w, ${base}?auto=format&amp;w=116 116w" alt="A cat">`;
    const signed = await signUrlsInSnippet(queryClient, sourceIds.first, snippet, {
      baseUrl: base,
      html: true,
    });
    expect(pathsOf(api.requestsTo(SIGN_ROUTE)[0])).toEqual([
      '/cat.png?auto=format',
      '/cat.png?auto=format&w=100',
      '/cat.png?auto=format&w=116',
    ]);
    expect(signed).toBe(
      `<img src="${base}?auto=format&amp;s=0" srcset="${base}?auto=format&amp;w=100&amp;s=1 100w, ${base}?auto=format&amp;w=116&amp;s=2 116w" alt="A cat">`,
    );
  });
});
