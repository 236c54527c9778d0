import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { EditorToaster, toast } from '../../../ui/index.ts';
import type { EditorParams, OriginProperties } from '../editor-types.ts';
import { PremiumAvailabilityValue } from '../premium/premium-availability.tsx';
import type { PremiumAvailability } from '../premium/premium-states.ts';
import { ObjectTool } from './object-tool.tsx';
import type { SelectionCropperProps } from './selection-cropper.tsx';

// Cropper.js needs real image decoding and layout, which jsdom lacks: the stand-in reports the
// shown copy's natural size and lets the test draw a box, as the Chromium e2e does for real.
vi.mock('./selection-cropper.tsx', () => ({
  SelectionCropper: (props: SelectionCropperProps) => {
    useEffect(() => {
      const natural = { width: 800, height: 600 };
      props.onReady(natural);
      props.onSelect(props.initialBox(natural));
      // Once, like Cropper.js's ready event.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return (
      <div>
        <img src={props.src} alt={props.alt} />
        <button
          type="button"
          onClick={() => props.onSelect({ left: 100, top: 50, width: 40, height: 30 })}
        >
          Draw box
        </button>
      </div>
    );
  },
}));

const origin: OriginProperties = {
  originWidth: 800,
  originHeight: 600,
  originFileSize: 400_000,
  originImgType: 'jpeg',
  originUrl: 'http://photos.localhost:8080/pets/cat.jpg',
  originAspectRatio: 800 / 600,
};

function previewUrlFor(params: EditorParams): string {
  const url = new URL(origin.originUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** HEAD answers by URL: 423 the given number of times, then 200. */
function mockRenders(lockedTimes: Record<string, number> = {}, status = 200) {
  const heads: string[] = [];
  mockApi({
    'HEAD http://photos.localhost:8080/pets/cat.jpg': (request: RecordedRequest) => {
      heads.push(request.url);
      const left = lockedTimes[request.url] ?? 0;
      if (left > 0) {
        lockedTimes[request.url] = left - 1;
        return { status: 423 };
      }
      return { status };
    },
  });
  return heads;
}

function renderTool(
  params: EditorParams = { w: '400' },
  availability: PremiumAvailability | null = null,
) {
  const onApply = vi.fn();
  const onExit = vi.fn();
  render(
    <PremiumAvailabilityValue value={availability}>
      <ObjectTool
        params={params}
        origin={origin}
        previewUrlFor={previewUrlFor}
        onApply={onApply}
        onExit={onExit}
      />
      <EditorToaster />
    </PremiumAvailabilityValue>,
  );
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return { onApply, onExit, user };
}

/** The image under the frame, once the cropper has drawn its first box. */
async function image() {
  const shown = await screen.findByRole('img', { name: /draw a box around an object/ });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Object' })).toBeEnabled());
  return shown;
}

describe('ObjectTool', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('removes the initial centred box, waiting 5 s between HEADs while the render is locked', async () => {
    const removed = `${origin.originUrl}?object-removal-rect=280%2C180%2C240%2C240`;
    const heads = mockRenders({ [removed]: 2 });
    const { user, onApply } = renderTool();
    expect(await image()).toHaveAttribute('src', origin.originUrl);
    expect(screen.getByRole('button', { name: 'Apply and Exit' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove Object' }));
    expect(await screen.findByText('Your Image is still processing. Please wait.')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Processing the image');
    expect(heads.filter((url) => url === removed)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(heads.filter((url) => url === removed)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(screen.getByRole('img')).toHaveAttribute('src', removed));
    expect(heads.filter((url) => url === removed)).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Apply and Exit' }));
    expect(onApply).toHaveBeenCalledWith({ w: '400', 'object-removal-rect': '280,180,240,240' });
  });

  it('adds each removed box and reruns with a new seed', async () => {
    mockRenders();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { user, onApply } = renderTool({});
    await image();
    await user.click(screen.getByRole('button', { name: 'Remove Object' }));
    await user.click(screen.getByRole('button', { name: 'Draw box' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Object' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Object' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rerun' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Rerun' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Apply and Exit' })).toBeEnabled(),
    );
    expect(screen.getByText('2 objects selected.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Apply and Exit' }));
    expect(onApply).toHaveBeenCalledWith({
      'object-removal-rect': '280,180,240,240;100,50,40,30',
      'object-removal-seed': '5000',
    });
  });

  it('refuses to change modes with selections until the objects are restored', async () => {
    mockRenders();
    const { user } = renderTool();
    await image();
    await user.click(screen.getByRole('button', { name: 'Remove Object' }));
    await user.click(screen.getByRole('radio', { name: 'Replace' }));
    expect(await screen.findByText('Please restore objects before changing modes')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Remove' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Restore Objects' }));
    await user.click(screen.getByRole('radio', { name: 'Replace' }));
    expect(screen.getByRole('radio', { name: 'Replace' })).toBeChecked();
  });

  it('replaces an object only with a prompt and a box', async () => {
    mockRenders();
    const { user, onApply } = renderTool({});
    await image();
    await user.click(screen.getByRole('radio', { name: 'Replace' }));
    expect(screen.getByRole('button', { name: 'Replace Object' })).toBeDisabled();
    await user.type(screen.getByLabelText('Replace with'), 'a red balloon');
    await user.click(screen.getByRole('button', { name: 'Replace Object' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Apply and Exit' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Apply and Exit' }));
    expect(onApply).toHaveBeenCalledWith({
      'object-removal-rect': '280,180,240,240',
      'object-removal-prompt': 'a red balloon',
    });
  });

  it('offers Replace only where a generative provider can paint it', async () => {
    mockRenders();
    const { user } = renderTool(
      {},
      {
        features: [],
        objectReplacement: {
          available: false,
          unavailable_reason: 'Needs a generative image provider (GENERATIVE_API_URL).',
        },
      },
    );
    await image();
    const replace = screen.getByRole('radio', { name: 'Replace' });
    expect(replace).toBeDisabled();
    expect(replace).toHaveAccessibleDescription(
      'Replace: Not available on this server. Needs a generative image provider (GENERATIVE_API_URL). The operator of this Darkroom install can configure it.',
    );
    await user.click(replace);
    expect(screen.getByRole('radio', { name: 'Remove' })).toBeChecked();
    expect(screen.queryByLabelText('Replace with')).not.toBeInTheDocument();
    // Removal still runs.
    expect(screen.getByRole('button', { name: 'Remove Object' })).toBeEnabled();
  });

  it('shows a failed render in red over the image', async () => {
    mockRenders({}, 500);
    renderTool();
    expect(await screen.findByRole('alert')).toHaveTextContent('Image load failed: 500');
  });

  it('leaves without applying', async () => {
    mockRenders();
    const { user, onExit, onApply } = renderTool();
    await user.click(screen.getByRole('button', { name: 'Exit Without Applying' }));
    expect(onExit).toHaveBeenCalledOnce();
    expect(onApply).not.toHaveBeenCalled();
  });
});
