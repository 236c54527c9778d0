import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assetKeys, toAsset, type Asset } from '../../api/assets.ts';
import { Providers } from '../../app/providers.tsx';
import { toast } from '../../ui/index.ts';
import { assetResource, sourceIds } from '../assets/assets.test-fixtures.ts';
import { UrlPlayground } from './url-playground.tsx';

const assetUrl = 'http://photos.localhost:8080/pets/cat.jpg';
const asset: Asset = toAsset(assetResource(sourceIds.first, '/pets/cat.jpg') as never);
const W_MESSAGE = 'The value for "w" must be an integer from 1 or a fraction from 0 to 1.';

/** The delivery as the browser meets it: an image, or imgix's plain-text error. */
function stubDelivery() {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      requested.push(url);
      if (new URL(url).searchParams.get('w') === 'abc') {
        return new Response(W_MESSAGE, {
          status: 400,
          headers: { 'Content-Type': 'text/plain; charset=utf-8' },
        });
      }
      return new Response(new Uint8Array(2048), {
        status: 200,
        headers: {
          'Content-Type': 'image/webp',
          'X-Darkroom-Ignored-Params': 'bogus',
        },
      });
    }),
  );
  return requested;
}

function renderPlayground(initialParams = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The source list tells the signing module that this source does not sign its URLs.
  queryClient.setQueryData(assetKeys.sources(), [
    { id: sourceIds.first, secure_url_enabled: false, production: { type: 's3' } },
  ]);
  const user = userEvent.setup();
  render(
    <Providers queryClient={queryClient}>
      <MemoryRouter>
        <UrlPlayground asset={asset} assetUrl={assetUrl} initialParams={initialParams} />
      </MemoryRouter>
    </Providers>,
  );
  return { user };
}

describe('the URL playground', { timeout: 30000 }, () => {
  beforeEach(() => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('previews the typed URL with its size, format, bytes and time', async () => {
    const requested = stubDelivery();
    renderPlayground({ w: '300' });
    const field = screen.getByRole('textbox', { name: 'Rendering URL' });
    fireEvent.change(field, { target: { value: `${assetUrl}?blur=20&w=300&bogus=1` } });
    const image = await screen.findByRole('img', { name: 'Preview of cat.jpg' });
    await waitFor(() => expect(requested.at(-1)).toBe(`${assetUrl}?w=300&blur=20&bogus=1`));
    Object.defineProperty(image, 'naturalWidth', { value: 300 });
    Object.defineProperty(image, 'naturalHeight', { value: 200 });
    fireEvent.load(image);
    const list = within(screen.getByLabelText('Preview facts'));
    expect(list.getByText('300 × 200 px')).toBeInTheDocument();
    expect(list.getByText('WEBP')).toBeInTheDocument();
    expect(list.getByText('2 KB')).toBeInTheDocument();
    expect(list.getByText(/^\d+ ms$/)).toBeInTheDocument();
    // Each parameter with its range and documentation; the ignored one said so.
    const parameters = within(screen.getByRole('list', { name: 'Parameters in this URL' }));
    expect(
      parameters.getByText('gaussian blur: an integer (0 to 2000 suggested)'),
    ).toBeInTheDocument();
    expect(parameters.getByRole('link', { name: /Documentation of blur/ })).toHaveAttribute(
      'href',
      'https://docs.imgix.com/apis/rendering/stylize/gaussian-blur',
    );
    expect(parameters.getByText('bogus=1').closest('li')).toHaveTextContent(
      'Not a rendering parameter: the delivery ignores it.',
    );
  });

  it('shows the validation message as the delivery gives it', async () => {
    stubDelivery();
    renderPlayground();
    fireEvent.change(screen.getByRole('textbox', { name: 'Rendering URL' }), {
      target: { value: `${assetUrl}?w=abc` },
    });
    const alert = await screen.findByText(W_MESSAGE);
    expect(alert.closest('[role="alert"]')).toHaveTextContent(
      'The delivery refused this URL (400)',
    );
  });

  it('adds a parameter chosen by name and copies the <picture>', async () => {
    stubDelivery();
    const { user } = renderPlayground({ w: '300' });
    await user.click(screen.getByRole('combobox', { name: 'Add a parameter' }));
    await user.keyboard('blu{Enter}');
    const field = screen.getByRole('textbox', { name: 'Rendering URL' });
    await waitFor(() => expect(field).toHaveValue(`${assetUrl}?w=300&blur=`));
    await waitFor(() => expect(field).toHaveFocus());
    await user.keyboard('20');
    await waitFor(() => expect(field).toHaveValue(`${assetUrl}?w=300&blur=20`));

    await user.click(screen.getByRole('button', { name: 'Copy as' }));
    await user.click(await screen.findByRole('menuitem', { name: '<picture> with AVIF and WebP' }));
    expect(await screen.findByText('<picture> with AVIF and WebP copied')).toBeInTheDocument();
    const copied = await navigator.clipboard.readText();
    expect(copied).toMatch(/^<picture>/);
    expect(copied).toContain('<source type="image/avif" srcset="');
    expect(copied).toContain(`${assetUrl}?w=300&amp;fm=avif&amp;blur=20&amp;dpr=2 600w`);
  });
});
