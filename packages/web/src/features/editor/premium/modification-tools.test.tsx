import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiMock } from '../../../test/fetch-mock.ts';
import { EditorToaster, toast } from '../../../ui/index.ts';
import { mockDashboardApi } from '../../assets/assets.test-fixtures.ts';
import type { EditorCapabilities, EditorParams, OriginProperties } from '../editor-types.ts';
import { editorCapabilitiesOf } from './capabilities.ts';
import { ModificationTools, pageNavigation } from './modification-tools.tsx';
import { PAYWALL_TEXT } from './paywall-dialog.tsx';
import { PremiumAvailabilityValue } from './premium-availability.tsx';
import type { PremiumAvailability } from './premium-states.ts';

const SOURCE_ID = 'd'.repeat(24);
const origin: OriginProperties = {
  originWidth: 800,
  originHeight: 600,
  originFileSize: 400_000,
  originImgType: 'jpeg',
  originUrl: 'http://photos.localhost:8080/pets/cat.jpg',
  originAspectRatio: 800 / 600,
};
const everything = editorCapabilitiesOf([
  'background_removal',
  'background_replacement',
  'super_resolution',
  'outpainting',
  'object_removal',
  'image_to_video',
]);

const NEEDS_PROVIDER = 'Needs a generative image provider (GENERATIVE_API_URL).';

/** An install without a generative provider or ffmpeg, selling the built-in plans. */
const installWithoutProvider: PremiumAvailability = {
  features: [
    {
      name: 'background_removal',
      available: true,
      unavailable_reason: null,
      plans: ['Starter', 'Growth'],
    },
    {
      name: 'background_replacement',
      available: false,
      unavailable_reason: NEEDS_PROVIDER,
      plans: ['Growth'],
    },
    { name: 'super_resolution', available: true, unavailable_reason: null, plans: ['Growth'] },
    {
      name: 'outpainting',
      available: false,
      unavailable_reason: NEEDS_PROVIDER,
      plans: ['Growth'],
    },
    { name: 'object_removal', available: true, unavailable_reason: null, plans: ['Growth'] },
    {
      name: 'image_to_video',
      available: false,
      unavailable_reason: 'Needs ffmpeg on the server.',
      plans: ['Growth'],
    },
  ],
  objectReplacement: { available: false, unavailable_reason: NEEDS_PROVIDER },
};

function renderTools({
  params: initial = {},
  capabilities = everything,
  originOverrides = {},
  availability = null,
}: {
  params?: EditorParams;
  capabilities?: EditorCapabilities;
  originOverrides?: Partial<OriginProperties>;
  availability?: PremiumAvailability | null;
} = {}) {
  const changes: EditorParams[] = [];
  const onEnterGenerativeFill = vi.fn();
  const onOpenObjectTool = vi.fn();
  function Harness() {
    const [params, setParams] = useState(initial);
    return (
      <PremiumAvailabilityValue value={availability}>
        <ModificationTools
          params={params}
          origin={{ ...origin, ...originOverrides }}
          capabilities={capabilities}
          sourceId={SOURCE_ID}
          originPath="/pets/cat.jpg"
          disabled={false}
          onChange={(next) => {
            changes.push(next);
            setParams(next);
          }}
          onEnterGenerativeFill={onEnterGenerativeFill}
          onOpenObjectTool={onOpenObjectTool}
        />
        <EditorToaster />
      </PremiumAvailabilityValue>
    );
  }
  const router = createMemoryRouter([{ path: '*', Component: Harness }], {
    initialEntries: ['/assets/x/pets/cat.jpg/editing'],
  });
  render(<RouterProvider router={router} />);
  return { user: userEvent.setup(), changes, onEnterGenerativeFill, onOpenObjectTool };
}

const eventNames = (api: ApiMock) =>
  api
    .requestsTo('POST /api/v4/events')
    .map((request) => (request.body as { data: { attributes: { name: string } } }).data.attributes);

describe('ModificationTools', () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    vi.restoreAllMocks();
  });

  it('shows the paywall for a tool the account lacks and logs it being shown and clicked', async () => {
    const api = mockDashboardApi();
    const { user, onEnterGenerativeFill } = renderTools({
      capabilities: editorCapabilitiesOf([]),
    });
    await user.click(screen.getByRole('button', { name: /Generative Fill/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Premium Features' });
    expect(within(dialog).getByText(PAYWALL_TEXT)).toBeVisible();
    expect(
      within(dialog).getByRole('link', { name: 'Learn more about our premium features' }),
    ).toHaveAttribute('href', `/sources/${SOURCE_ID}`);
    expect(onEnterGenerativeFill).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(eventNames(api)).toEqual([
        { name: 'Paywall Shown', properties: { feature: 'Generative fill' } },
      ]),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Contact Us' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(/administrator/);
    await waitFor(() => expect(eventNames(api)).toHaveLength(2));
    expect(eventNames(api)[1]).toEqual({
      name: 'Paywall Clicked',
      properties: { feature: 'Generative fill' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the paywall instead of switching a locked premium switch on', async () => {
    mockDashboardApi();
    const { user, changes } = renderTools({ capabilities: editorCapabilitiesOf([]) });
    await user.click(screen.getByRole('switch', { name: 'Background Removal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Premium Features' });
    expect(changes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('switch', { name: 'Background Removal' })).not.toBeChecked();
  });

  it('turns background removal on in place of a background replacement', async () => {
    const { user, changes } = renderTools({ params: { 'bg-replace': 'a beach', w: '400' } });
    await user.click(screen.getByRole('switch', { name: 'Background Removal' }));
    expect(changes.at(-1)).toEqual({ w: '400', 'bg-remove': 'true' });
    expect(await screen.findByText(/Background removal mode entered/)).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Background Replace' })).not.toBeChecked();
  });

  it('leaves background removal off for an origin over 12 MB, with the over-limit message', async () => {
    const { user, changes } = renderTools({ originOverrides: { originFileSize: 12_500_000 } });
    await user.click(screen.getByRole('switch', { name: 'Background Removal' }));
    expect(await screen.findByText(/up to 12 MB and 50 megapixels/)).toBeVisible();
    expect(changes).toEqual([]);
  });

  it('applies super resolution over its soft limit, with a warning', async () => {
    const soft = renderTools();
    await soft.user.click(screen.getByRole('switch', { name: 'Super Resolution' }));
    // An output the original's size would waste the enlargement: it grows to twice that.
    expect(soft.changes.at(-1)).toEqual({ upscale: 'true', w: '1600', h: '1200', fit: 'crop' });
    expect(await screen.findByText(/it was applied/)).toBeVisible();
    expect(
      screen.getByText('Image size optimised for super resolution: 1600 x 1200.'),
    ).toBeVisible();
  });

  it('keeps an output that already enlarges when super resolution goes on', async () => {
    const { user, changes } = renderTools({
      params: { w: '1000', h: '1000', fit: 'crop' },
      originOverrides: { originWidth: 400, originHeight: 300 },
    });
    await user.click(screen.getByRole('switch', { name: 'Super Resolution' }));
    expect(changes.at(-1)).toEqual({ w: '1000', h: '1000', fit: 'crop', upscale: 'true' });
    expect(await screen.findByText(/Super resolution applied/)).toBeVisible();
    expect(screen.queryByText(/Image size optimised/)).not.toBeInTheDocument();
  });

  it('brings an enlarged output back to the original resolution for background removal', async () => {
    const { user, changes } = renderTools({ params: { w: '1600' } });
    await user.click(screen.getByRole('switch', { name: 'Background Removal' }));
    expect(changes.at(-1)).toEqual({ w: '800', 'bg-remove': 'true', h: '600', fit: 'crop' });
    expect(
      await screen.findByText('Image size optimised for background removal: 800 x 600.'),
    ).toBeVisible();
  });

  it('refuses super resolution over 1 megapixel', async () => {
    const hard = renderTools({ originOverrides: { originWidth: 1200, originHeight: 1000 } });
    await hard.user.click(screen.getByRole('switch', { name: 'Super Resolution' }));
    expect(await screen.findByText(/no changes were applied/)).toBeVisible();
    expect(hard.changes).toEqual([]);
  });

  it('blocks background replace on a cropped image over 9 megapixels', async () => {
    const { user, changes } = renderTools({
      params: { rect: '0,0,2000,2000' },
      originOverrides: { originWidth: 4000, originHeight: 3000 },
    });
    await user.click(screen.getByRole('switch', { name: 'Background Replace' }));
    expect(
      await screen.findByText(/Please remove Cropping to continue with Background Replace\./),
    ).toBeVisible();
    expect(changes).toEqual([]);
    expect(screen.queryByLabelText('New background')).not.toBeInTheDocument();
  });

  it('replaces the background from a new prompt, turning background removal off', async () => {
    const { user, changes } = renderTools({ params: { 'bg-remove': 'true' } });
    await user.click(screen.getByRole('switch', { name: 'Background Replace' }));
    expect(changes.at(-1)).toEqual({});
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Prompt is required');
    await user.type(screen.getByLabelText('New background'), 'a sunny beach');
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    expect(changes.at(-1)).toEqual({ 'bg-replace': 'a sunny beach' });
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Prompt must be changed');
  });

  it('turns an opened background replace without a prompt off when super resolution goes on', async () => {
    const { user } = renderTools({ originOverrides: { originWidth: 400, originHeight: 400 } });
    await user.click(screen.getByRole('switch', { name: 'Background Replace' }));
    expect(screen.getByRole('switch', { name: 'Background Replace' })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Super Resolution' }));
    expect(screen.getByRole('switch', { name: 'Background Replace' })).not.toBeChecked();
  });

  it('sharpens by an amount that can be changed', async () => {
    const { user, changes } = renderTools();
    await user.click(screen.getByRole('switch', { name: 'Sharpen' }));
    expect(changes.at(-1)).toEqual({ sharp: '20' });
    const amount = screen.getByLabelText('Sharpen amount');
    await user.clear(amount);
    await user.type(amount, '60{Enter}');
    expect(changes.at(-1)).toEqual({ sharp: '60' });
  });

  it('says what the operator must configure for a tool this server cannot run, without a paywall', async () => {
    const api = mockDashboardApi();
    const { user, changes, onEnterGenerativeFill } = renderTools({
      capabilities: editorCapabilitiesOf(['background_removal', 'super_resolution']),
      availability: installWithoutProvider,
    });
    const message = `Not available on this server. ${NEEDS_PROVIDER} The operator of this Darkroom install can configure it.`;
    const replace = screen.getByRole('switch', { name: 'Background Replace' });
    expect(replace).toBeDisabled();
    expect(replace).toHaveAccessibleDescription(
      `Put the subject on a background made from your prompt.${message}`,
    );
    const fill = screen.getByRole('button', { name: /Generative Fill/ });
    expect(fill).toBeDisabled();
    expect(fill).toHaveAccessibleDescription(message);
    expect(screen.getByRole('button', { name: /Image to Video/ })).toHaveAccessibleDescription(
      'Not available on this server. Needs ffmpeg on the server. The operator of this Darkroom install can configure it.',
    );
    // The tools it can run and the account has stay as they were: no note, no paywall.
    expect(screen.getByRole('switch', { name: 'Background Removal' })).toBeEnabled();
    expect(screen.getAllByText(/Not available on this server/)).toHaveLength(3);

    await user.click(fill);
    await user.click(replace);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onEnterGenerativeFill).not.toHaveBeenCalled();
    expect(changes).toEqual([]);
    expect(eventNames(api)).toEqual([]);
  });

  it('names the plan that includes a tool the account lacks', async () => {
    mockDashboardApi();
    const { user } = renderTools({
      capabilities: editorCapabilitiesOf([]),
      availability: installWithoutProvider,
    });
    await user.click(screen.getByRole('switch', { name: 'Background Removal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Premium Features' });
    expect(dialog).toHaveTextContent(
      'Background removal is not included in your plan. It is included in the Starter or Growth plan.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: /Object Removal & Replacement/ }));
    expect(
      await screen.findByRole('dialog', { name: 'Unlock Premium Features' }),
    ).toHaveTextContent('It is included in the Growth plan.');
  });

  it('lets a switch this server cannot run be turned off when the address had it on', async () => {
    const { user, changes } = renderTools({
      params: { 'bg-replace': 'a beach' },
      capabilities: editorCapabilitiesOf([]),
      availability: installWithoutProvider,
    });
    const replace = screen.getByRole('switch', { name: 'Background Replace' });
    expect(replace).toBeEnabled();
    await user.click(replace);
    expect(changes).toEqual([{}]);
  });

  it('opens the object tool and the generative fill for an account that has them', async () => {
    const { user, onOpenObjectTool, onEnterGenerativeFill } = renderTools();
    await user.click(screen.getByRole('button', { name: /Object Removal & Replacement/ }));
    expect(onOpenObjectTool).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: /Generative Fill/ }));
    expect(onEnterGenerativeFill).toHaveBeenCalledOnce();
  });

  it('goes to the image-to-video page with the edited still', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = renderTools({ params: { w: '400', dl: 'cat.jpg' } });
    await user.click(screen.getByRole('button', { name: /Image to Video/ }));
    expect(assign).toHaveBeenCalledWith(
      `/assets/${SOURCE_ID}/image-to-video?sourceImage=${encodeURIComponent(
        'http://photos.localhost:8080/pets/cat.jpg?w=400',
      )}`,
    );
  });
});
