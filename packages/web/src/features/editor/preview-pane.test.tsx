import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockReply, type RecordedRequest } from '../../test/fetch-mock.ts';
import { EditorToaster, toast } from '../../ui/index.ts';
import type { EditorParams } from './editor-types.ts';
import { previewUrl, withParams } from './params.utils.ts';
import { PreviewPane } from './preview-pane.tsx';
import { recordRenderDuration } from './render-durations.ts';
import { useLastShownParams } from './use-last-shown-params.ts';
import { usePreviewImage } from './use-preview-image.ts';

const deliveryUrl = 'http://photos.localhost:8080/pets/cat.jpg';

/**
 * The preview as the editor screen wires it: the parameters, the polled preview, Cancel going
 * back to the parameters of the picture shown, and a button standing for an editing control.
 */
function Preview({ initial }: { initial: EditorParams }) {
  const [params, setParams] = useState<EditorParams>(initial);
  const url = previewUrl(deliveryUrl, params);
  const preview = usePreviewImage(url, (notices) => {
    let next = params;
    for (const notice of notices) next = withParams(next, { [notice.param]: null });
    setParams(next);
  });
  const shownParams = useLastShownParams(params, preview.shownUrl === url);
  return (
    <>
      <PreviewPane
        url={url}
        alt="cat.jpg"
        state={preview.state}
        onImageError={preview.retryAfterImageError}
        onImageLoad={preview.imageLoaded}
        shownUrl={preview.shownUrl}
        skipped={preview.skipped}
        onDismissSkipped={preview.dismissSkipped}
        onCancel={
          shownParams === null
            ? undefined
            : () => {
                preview.dismissWaitToast();
                setParams(shownParams);
              }
        }
      />
      <button type="button" onClick={() => setParams(withParams(params, { 'bg-remove': 'true' }))}>
        Remove the background
      </button>
      <output aria-label="Parameters">{new URLSearchParams(params).toString()}</output>
      <EditorToaster />
    </>
  );
}

/** HEAD answers by the URL's query: `replies` picks one for each request. */
function mockDelivery(head: (request: RecordedRequest) => MockReply, get?: MockReply) {
  return mockApi({
    [`HEAD ${deliveryUrl}`]: head,
    ...(get === undefined ? {} : { [`GET ${deliveryUrl}`]: get }),
  });
}

const isAiRender = (request: RecordedRequest) => request.url.includes('bg-remove=true');

/** The preview once jsdom's `<img>` has "drawn" it (jsdom loads no images). */
async function loadedPreview() {
  const image = await screen.findByRole('img', { name: 'cat.jpg' });
  fireEvent.load(image);
  return image;
}

describe('the preview while an AI render is awaited', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    vi.useRealTimers();
  });

  it('keeps the previous image dimmed with the time spent and what such renders took lately', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    recordRenderDuration('bg-remove', 40_000);
    recordRenderDuration('bg-remove', 44_000);
    recordRenderDuration('bg-remove', 50_000);
    mockDelivery((request) => (isAiRender(request) ? { status: 423 } : { status: 200 }));
    render(<Preview initial={{ w: '300' }} />);
    expect(await loadedPreview()).toHaveAttribute('src', `${deliveryUrl}?w=300`);

    act(() => screen.getByRole('button', { name: 'Remove the background' }).click());
    expect(await screen.findByText('Rendering with AI…')).toBeInTheDocument();
    const previous = screen.getByRole('img', {
      name: 'cat.jpg (previous version, while the new one renders)',
    });
    expect(previous).toHaveAttribute('src', `${deliveryUrl}?w=300`);
    expect(previous).toHaveClass('opacity-40');
    expect(screen.getByText(/0 s elapsed · usually about 44 s/)).toBeInTheDocument();
    expect(screen.getByText('Your Image is still processing. Please wait.')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(12_000));
    expect(screen.getByText(/12 s elapsed · usually about 44 s/)).toBeInTheDocument();
  });

  it('says nothing of an estimate before the first render of that kind', async () => {
    mockDelivery((request) => (isAiRender(request) ? { status: 423 } : { status: 200 }));
    render(<Preview initial={{ w: '300' }} />);
    await loadedPreview();
    act(() => screen.getByRole('button', { name: 'Remove the background' }).click());
    const status = await screen.findByText(/elapsed/);
    expect(status).not.toHaveTextContent('usually');
  });

  it('stops waiting on Cancel and goes back to the parameters of the image shown', async () => {
    const user = userEvent.setup();
    const api = mockDelivery((request) =>
      isAiRender(request) ? { status: 423 } : { status: 200 },
    );
    render(<Preview initial={{ w: '300' }} />);
    await loadedPreview();
    await user.click(screen.getByRole('button', { name: 'Remove the background' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('status', { name: 'Parameters' })).toHaveTextContent(/^w=300$/);
    expect(await screen.findByRole('img', { name: 'cat.jpg' })).toHaveAttribute(
      'src',
      `${deliveryUrl}?w=300`,
    );
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('Your Image is still processing. Please wait.')).toBeNull(),
    );
    // The AI URL is asked for no more once Cancel stopped the wait.
    const aiHeads = api.requestsTo(`HEAD ${deliveryUrl}`).filter(isAiRender).length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(api.requestsTo(`HEAD ${deliveryUrl}`).filter(isAiRender)).toHaveLength(aiHeads);
  });

  it('remembers how long a render that waited took, for the next estimate', async () => {
    let locked = 1;
    mockDelivery((request) =>
      isAiRender(request) && locked-- > 0 ? { status: 423 } : { status: 200 },
    );
    render(<Preview initial={{ w: '300' }} />);
    await loadedPreview();
    act(() => screen.getByRole('button', { name: 'Remove the background' }).click());
    await screen.findByText('Rendering with AI…');
    await waitFor(() => expect(screen.queryByText('Rendering with AI…')).toBeNull(), {
      timeout: 5000,
    });
    const stored = JSON.parse(localStorage.getItem('darkroom.renderDurations') ?? '{}') as Record<
      string,
      number[]
    >;
    expect(stored['bg-remove']).toHaveLength(1);
    expect(stored['bg-remove']?.[0]).toBeGreaterThanOrEqual(1000);
  });

  it('learns of the wait from the image itself when the delivery hides its HEAD answers', async () => {
    const user = userEvent.setup();
    // A delivery domain without CORS headers: the browser refuses every HEAD answer.
    mockDelivery(() => {
      throw new TypeError('Failed to fetch');
    });
    render(<Preview initial={{ w: '300' }} />);
    await loadedPreview();
    await user.click(screen.getByRole('button', { name: 'Remove the background' }));
    // The AI render's <img> fails while it is locked (423): that starts the wait.
    const waiting = await screen.findByRole('img', { name: 'cat.jpg' });
    expect(waiting.getAttribute('src')).toContain('bg-remove=true');
    fireEvent.error(waiting);
    expect(await screen.findByText('Rendering with AI…')).toBeInTheDocument();
    expect(screen.getByText(/\d+ s elapsed/)).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'cat.jpg (previous version, while the new one renders)' }),
    ).toHaveAttribute('src', `${deliveryUrl}?w=300`);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('status', { name: 'Parameters' })).toHaveTextContent(/^w=300$/);
  });

  it('offers no Cancel when no image was shown yet', async () => {
    mockDelivery(() => ({ status: 423 }));
    render(<Preview initial={{ 'bg-remove': 'true' }} />);
    expect(await screen.findByText('Rendering with AI…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });
});

describe('the preview when a render fails', () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
  });

  it("shows the delivery's reason in words under the status", async () => {
    mockDelivery(() => ({ status: 500 }), {
      status: 500,
      body: 'Generative fill failed: the provider did not answer within 60 s.',
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
    render(<Preview initial={{ fill: 'gen', 'fill-gen-prompt': 'sea' }} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Image load failed: 500');
    expect(alert).toHaveTextContent(
      'Generative fill failed: the provider did not answer within 60 s.',
    );
  });

  it('shows the status alone when the delivery gives no reason it can read', async () => {
    mockDelivery(() => ({ status: 502 }), { status: 502, body: { errors: [] } });
    render(<Preview initial={{ w: '300' }} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Image load failed: 502$/);
  });

  it('keeps the reason of a skipped operation on screen until dismissed', async () => {
    const user = userEvent.setup();
    mockDelivery((request) =>
      request.url.includes('bg-remove')
        ? {
            status: 200,
            headers: {
              'X-Darkroom-Bg-Remove-Failure-Reason': 'Transparency threshold exceeded',
            },
          }
        : { status: 200 },
    );
    render(<Preview initial={{ w: '300', 'bg-remove': 'true' }} />);
    const notices = await screen.findByRole('status', { name: 'Skipped AI operations' });
    expect(
      within(notices).getByText('Unable to remove background. Transparency threshold exceeded'),
    ).toBeInTheDocument();
    // The skipped parameter came off.
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Parameters' })).toHaveTextContent(/^w=300$/),
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(
      screen.queryByText('Unable to remove background. Transparency threshold exceeded'),
    ).not.toBeInTheDocument();
  });
});
