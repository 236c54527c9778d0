import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentOf, type ApiMock, type MockReply } from '../../test/fetch-mock.ts';
import { pathOf, renderApp } from '../../test/render-app.tsx';
import { toast } from '../../ui/index.ts';
import {
  assetResource,
  assetSourceResource,
  mockDashboardApi,
  pageOf,
  sourceIds,
} from '../assets/assets.test-fixtures.ts';

const asset = assetResource(sourceIds.first, '/pets/cat.jpg');
const deliveryUrl = 'http://photos.localhost:8080/pets/cat.jpg';
const editorAddress = `/assets/${sourceIds.first}/pets/cat.jpg/editing`;

function mockEditor(
  options: {
    head?: MockReply | (() => MockReply);
    originJson?: () => MockReply;
    capabilities?: string[];
  } = {},
): ApiMock {
  const api = mockDashboardApi();
  api.on(`GET /api/v4/assets/${sourceIds.first}/pets/cat.jpg`, { body: documentOf(asset) });
  const source = assetSourceResource(sourceIds.first, 'Photos');
  const withGrants = {
    ...source,
    attributes: { ...source.attributes, premium_capabilities: options.capabilities ?? [] },
  };
  api.on('GET /api/v4/assets/sources/', { body: pageOf([withGrants], 1, 300, 1) });
  api.on(
    `GET ${deliveryUrl}`,
    options.originJson ??
      (() => ({
        body: {
          PixelWidth: 1411,
          PixelHeight: 940,
          'Content-Length': '123456',
          'Content-Type': 'image/jpeg',
        },
      })),
  );
  api.on(`HEAD ${deliveryUrl}`, options.head ?? { status: 200 });
  return api;
}

async function openEditor(search = '') {
  const view = renderApp(`${editorAddress}${search}`);
  // The editor's code loads on demand: on a busy machine the first import takes a while.
  await screen.findByRole('heading', { level: 1, name: 'Image Editing' }, { timeout: 20000 });
  return view;
}

const searchOf = (router: Parameters<typeof pathOf>[0]) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

const eventNames = (api: ApiMock) =>
  api
    .requestsTo('POST /api/v4/events')
    .map(
      (request) =>
        (request.body as { data: { attributes: { name: string } } }).data.attributes.name,
    );

describe('the image editor', { timeout: 60000 }, () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    vi.restoreAllMocks();
  });

  it('opens at the asset address plus /editing with every sidebar section and the preview', async () => {
    const api = mockEditor();
    await openEditor('?w=400');
    const preview = await screen.findByRole('img', { name: 'cat.jpg' });
    expect(preview).toHaveAttribute('src', `${deliveryUrl}?w=400`);
    expect(api.requestsTo(`HEAD ${deliveryUrl}`)[0]?.url).toBe(`${deliveryUrl}?w=400`);
    expect(api.requestsTo(`GET ${deliveryUrl}`)[0]?.url).toBe(`${deliveryUrl}?fm=json`);
    const sidebar = screen.getByRole('complementary', { name: 'Editing tools' });
    for (const title of [
      'Resize & Transform',
      'Resize Image',
      'Image Transform',
      'Automatic Operations',
      'Formatting',
      'Modification Tools',
    ]) {
      expect(within(sidebar).getByRole('heading', { name: new RegExp(title) })).toBeInTheDocument();
    }
    expect(within(sidebar).getByText('resize')).toBeInTheDocument();
  });

  it('resizes with the lock on, recomputing the height, and asks for fit=crop', async () => {
    mockEditor();
    const { router, user } = await openEditor();
    const width = await screen.findByRole('spinbutton', { name: 'Width' });
    expect(width).toHaveValue('1411');
    await user.clear(width);
    // One edit: typed key by key on a slow machine, '8' alone could be taken first.
    await user.paste('800');
    await waitFor(() => expect(searchOf(router)).toEqual({ w: '800', h: '533', fit: 'crop' }));
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: 'Height' })).toHaveValue('533'),
    );
  });

  it('restores an emptied side when it loses focus and takes no more than 9999', async () => {
    mockEditor();
    const { router, user } = await openEditor('?w=800&h=450&ar=16%3A9&fit=crop');
    const height = await screen.findByRole('spinbutton', { name: 'Height' });
    await user.clear(height);
    await user.tab();
    expect(height).toHaveValue('450');
    expect(searchOf(router)).toEqual({ w: '800', h: '450', ar: '16:9', fit: 'crop' });
    await user.clear(height);
    await user.type(height, '123456');
    expect(height).toHaveValue('1234');
    // The 16:9 lock holds whichever value is taken along the way.
    await waitFor(() =>
      expect(searchOf(router)).toEqual({ w: '2194', h: '1234', ar: '16:9', fit: 'crop' }),
    );
  });

  it('applies a ratio preset, and unlocking switches the select to Custom', async () => {
    mockEditor();
    const { router, user } = await openEditor('?w=800&h=533');
    await user.click(await screen.findByRole('combobox', { name: 'Aspect ratio' }));
    await user.click(screen.getByRole('option', { name: '16:9' }));
    await waitFor(() =>
      expect(searchOf(router)).toEqual({ w: '800', h: '450', ar: '16:9', fit: 'crop' }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Lock aspect ratio' }));
    expect(screen.getByRole('combobox', { name: 'Aspect ratio' })).toHaveTextContent('Custom');
    await user.type(
      screen.getByLabelText('Custom ratio (width:height)'),
      '{Control>}a{/Control}2:1{Enter}',
    );
    await waitFor(() =>
      expect(searchOf(router)).toEqual({ w: '800', h: '400', ar: '2:1', fit: 'crop' }),
    );
  });

  it('enters fill with a blur, applies or cancels it, and the trash button takes it off', async () => {
    const api = mockEditor();
    const { router, user } = await openEditor('?w=800&h=450&ar=16%3A9&fit=crop');
    await user.click(await screen.findByRole('button', { name: 'Fill' }));
    const fillSidebar = await screen.findByRole('complementary', { name: 'Fill' });
    expect(within(fillSidebar).getByText('fill')).toBeInTheDocument();
    await waitFor(() =>
      expect(searchOf(router)).toMatchObject({ fit: 'fill', fill: 'blur', ar: '16:9' }),
    );
    // Exports wait until the mode is applied or cancelled.
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('menuitem', { name: 'Copy URL' })).toBeDisabled();
    await user.keyboard('{Escape}');

    await user.click(within(fillSidebar).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(searchOf(router)).toEqual({ w: '800', h: '450', ar: '16:9', fit: 'crop' }),
    );

    await user.click(screen.getByRole('button', { name: 'Fill' }));
    await user.click(
      within(await screen.findByRole('complementary', { name: 'Fill' })).getByRole('button', {
        name: 'Apply',
      }),
    );
    const sidebar = await screen.findByRole('complementary', { name: 'Editing tools' });
    expect(within(sidebar).getByText('Blur fill')).toBeInTheDocument();
    await user.click(within(sidebar).getByRole('button', { name: 'Remove blur fill' }));
    expect(
      await screen.findByText('Resize mode entered. Fill mode switched off.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(searchOf(router)).toEqual({ w: '800', h: '450', ar: '16:9', fit: 'crop' }),
    );
    expect(eventNames(api)).toEqual([]);
  });

  it('opens the crop panel with its frame, Apply disabled until the frame changes, and cancels', async () => {
    mockEditor();
    const { router, user } = await openEditor('?w=800&h=450&ar=16%3A9&fit=crop');
    await user.click(await screen.findByRole('button', { name: 'Crop' }));
    const cropSidebar = await screen.findByRole('complementary', { name: 'Crop' });
    expect(within(cropSidebar).getByRole('heading', { name: 'Crop Size' })).toBeInTheDocument();
    expect(within(cropSidebar).getByRole('button', { name: 'Apply' })).toBeDisabled();
    // 80 percent of 1411 x 940 at 16:9, centred.
    expect(within(cropSidebar).getByText('1129 px')).toBeInTheDocument();
    expect(within(cropSidebar).getByText('635 px')).toBeInTheDocument();
    await user.click(within(cropSidebar).getByRole('button', { name: 'Fill' }));
    await waitFor(() =>
      expect(searchOf(router)).toEqual({
        w: '800',
        h: '450',
        ar: '16:9',
        fit: 'fill',
        fill: 'blur',
      }),
    );
    await user.click(
      within(screen.getByRole('complementary', { name: 'Fill' })).getByRole('button', {
        name: 'Crop',
      }),
    );
    await user.click(
      within(await screen.findByRole('complementary', { name: 'Crop' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() =>
      expect(searchOf(router)).toEqual({ w: '800', h: '450', ar: '16:9', fit: 'crop' }),
    );
  });

  it('switches auto values as a group and picks the format for auto=format', async () => {
    mockEditor();
    const { router, user } = await openEditor();
    await user.click(await screen.findByRole('switch', { name: 'Compress' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ auto: 'compress' }));
    await user.click(screen.getByRole('switch', { name: 'Format' }));
    // This browser (jsdom) shows neither avif nor webp: jpg is what auto=format gives it.
    await waitFor(() => expect(searchOf(router)).toEqual({ auto: 'compress,format', fm: 'jpg' }));
    await user.click(screen.getByRole('switch', { name: 'Compress' }));
    await user.click(screen.getByRole('switch', { name: 'Format' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ fm: 'jpg' }));
  });

  it('offers the output formats with avif and webp disabled where the browser cannot show them', async () => {
    mockEditor();
    const { router, user } = await openEditor();
    await user.click(await screen.findByRole('combobox', { name: 'Output format' }));
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Same as the original',
      'avif',
      'gif',
      'jpg',
      'pjpg',
      'png',
      'png8',
      'png32',
      'webp',
    ]);
    expect(screen.getByRole('option', { name: 'avif' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'webp' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'png' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ fm: 'png' }));
  });

  it('waits on a 423 with the toast, then shows the image', async () => {
    let calls = 0;
    mockEditor({ head: () => (++calls === 1 ? { status: 423 } : { status: 200 }) });
    await openEditor('?w=300');
    expect(
      await screen.findByText('Your Image is still processing. Please wait.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'cat.jpg' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows any other status in red over the image', async () => {
    mockEditor({ head: { status: 502 } });
    await openEditor('?w=300');
    expect(await screen.findByRole('alert')).toHaveTextContent('Image load failed: 502');
    expect(screen.queryByRole('img', { name: 'cat.jpg' })).not.toBeInTheDocument();
  });

  it('takes off a background removal the renderer skipped and says why', async () => {
    mockEditor({
      head: { status: 200, headers: { 'X-Darkroom-Bg-Remove-Failure-Reason': 'Image too large' } },
    });
    const { router } = await openEditor('?w=300&bg-remove=true');
    expect(await screen.findByText('Unable to remove background.')).toBeInTheDocument();
    expect(screen.getByText('Image too large')).toBeInTheDocument();
    await waitFor(() => expect(searchOf(router)).toEqual({ w: '300' }));
  });

  it('reads the origin again 3 s after a 423', async () => {
    let calls = 0;
    mockEditor({
      originJson: () =>
        ++calls === 1
          ? { status: 423 }
          : { body: { PixelWidth: 600, PixelHeight: 300, 'Content-Type': 'image/png' } },
    });
    renderApp(editorAddress);
    expect(
      await screen.findByText('Reading the image', {}, { timeout: 20000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Original 600 × 300 px', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('copies the edited URL and embed code with toasts and records them', async () => {
    const api = mockEditor();
    const { user } = await openEditor('?w=800&h=450&fm=png');
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy URL' }));
    expect(await screen.findByText('URL copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${deliveryUrl}?w=800&h=450&fm=png`);
    // The menu closes 700 ms after a click inside it (spec editor section 4); opening it again
    // before then would toggle it shut.
    await waitFor(() => expect(screen.queryByRole('menuitem')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy embed' }));
    expect(await screen.findByText('Embed code copied')).toBeInTheDocument();
    const embed = await navigator.clipboard.readText();
    expect(embed).toContain(`${deliveryUrl}?w=100&amp;h=56&amp;fm=png 100w`);
    expect(embed).toContain('width="800" height="450"');
    await waitFor(() =>
      expect(eventNames(api)).toEqual(['Editor URL Copied', 'Editor Embed Copied']),
    );
  });

  it('resets to the original after confirmation', async () => {
    mockEditor();
    const { router, user } = await openEditor(
      '?w=800&h=450&ar=16%3A9&fit=crop&auto=compress&blur=20',
    );
    await user.click(await screen.findByRole('button', { name: 'RESET' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the image?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    // Reset clears the parameters, those the editor does not manage included.
    await waitFor(() => expect(searchOf(router)).toEqual({}));
    expect(await screen.findByRole('combobox', { name: 'Aspect ratio' })).toHaveTextContent(
      'Original Ratio',
    );
    expect(screen.getByRole('checkbox', { name: 'Lock aspect ratio' })).toBeChecked();
  });

  it('asks before leaving and returns to the asset address', async () => {
    mockEditor();
    const { router, user } = await openEditor('?w=300');
    await user.click(await screen.findByRole('button', { name: 'Exit the editor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the editor?' });
    expect(dialog).toHaveTextContent('not saved in the dashboard');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(pathOf(router)).toBe(`${editorAddress}?w=300`);
    await user.click(await screen.findByRole('button', { name: 'Exit the editor' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave the editor?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(pathOf(router)).toBe(`/assets/${sourceIds.first}/pets/cat.jpg`));
  });

  it('validates the generative fill prompt and sends it with a seed', async () => {
    mockEditor({ capabilities: ['outpainting'] });
    const { router, user } = await openEditor('?w=800&h=450&ar=16%3A9&fit=crop');
    await user.click(await screen.findByRole('button', { name: 'Fill' }));
    const fill = await screen.findByRole('complementary', { name: 'Fill' });
    await user.click(within(fill).getByRole('switch', { name: 'Fill with generated content' }));
    const prompt = within(fill).getByLabelText('Prompt');
    await user.type(prompt, 'x');
    await user.clear(prompt);
    expect(within(fill).getByText('Prompt is required')).toBeInTheDocument();
    await user.click(prompt);
    await user.paste('a calm sea');
    await waitFor(() =>
      expect(searchOf(router)).toMatchObject({ fill: 'gen', 'fill-gen-prompt': 'a calm sea' }),
    );
    const seed = Number(searchOf(router)['fill-gen-seed']);
    expect(seed).toBeGreaterThanOrEqual(1);
    expect(seed).toBeLessThanOrEqual(1500);
    // The same prompt again, in one edit.
    await user.clear(prompt);
    await user.paste('a calm sea');
    expect(within(fill).getByText('Prompt must be changed')).toBeInTheDocument();
  });

  it('opens from the asset page through its Edit image link', async () => {
    mockEditor();
    const { router, user } = renderApp(`/assets/${sourceIds.first}/pets/cat.jpg`);
    await user.click(await screen.findByRole('link', { name: 'Edit image' }));
    await screen.findByRole('heading', { level: 1, name: 'Image Editing' }, { timeout: 20000 });
    expect(pathOf(router)).toBe(editorAddress);
  });

  it('falls back to the asset record when the delivery domain cannot be read from here', async () => {
    // A source without CORS headers: the browser refuses to hand over the answers.
    const refused = () => {
      throw new TypeError('Failed to fetch');
    };
    mockEditor({ originJson: refused, head: refused });
    await openEditor('?w=300');
    expect(await screen.findByText('Original 1411 × 940 px')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'cat.jpg' })).toHaveAttribute(
      'src',
      `${deliveryUrl}?w=300`,
    );
  });

  it('waits and asks again when the image itself fails to load', async () => {
    const api = mockEditor();
    await openEditor('?w=300');
    fireEvent.error(await screen.findByRole('img', { name: 'cat.jpg' }));
    expect(
      await screen.findByText('Your Image is still processing. Please wait.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(`HEAD ${deliveryUrl}`)).toHaveLength(2));
    expect(await screen.findByRole('img', { name: 'cat.jpg' })).toBeInTheDocument();
  });

  it('opens the premium generative fill in fill mode and the object tool in place of the sidebar', async () => {
    mockEditor({ capabilities: ['outpainting', 'object_removal'] });
    const { router, user } = await openEditor('?w=800&h=450&ar=16%3A9&fit=crop');
    await user.click(await screen.findByRole('button', { name: /^Generative Fill/ }));
    const fill = await screen.findByRole('complementary', { name: 'Fill' });
    await waitFor(() => expect(searchOf(router)).toMatchObject({ fit: 'fill', fill: 'gen' }));
    expect(within(fill).getByLabelText('Prompt')).toBeInTheDocument();
    await user.click(within(fill).getByRole('button', { name: 'Cancel' }));

    await user.click(await screen.findByRole('button', { name: /^Object Removal & Replacement/ }));
    expect(
      await screen.findByText('Object Removal & Replacement', { selector: 'h2' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Editing tools' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exit Without Applying' }));
    expect(await screen.findByRole('complementary', { name: 'Editing tools' })).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ w: '800', h: '450', ar: '16:9', fit: 'crop' });
  });

  it('names crop mode on the default panel while a crop frame is applied, also back from the object tool', async () => {
    mockEditor({ capabilities: ['object_removal'] });
    const { router, user } = await openEditor('?rect=100%2C100%2C600%2C400&ar=3%3A2');
    const sidebar = await screen.findByRole('complementary', { name: 'Editing tools' });
    expect(within(sidebar).getByText('crop')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: /^Object Removal & Replacement/ }));
    await user.click(await screen.findByRole('button', { name: 'Exit Without Applying' }));
    const back = await screen.findByRole('complementary', { name: 'Editing tools' });
    expect(within(back).getByText('crop')).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ rect: '100,100,600,400', ar: '3:2' });
  });
});
