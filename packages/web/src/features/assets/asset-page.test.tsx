import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session.ts';
import { documentOf, errorReply, type ApiMock } from '../../test/fetch-mock.ts';
import { impersonationSession, sessionWith, userSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { toast } from '../../ui/index.ts';
import { embedWidthCap, embedWidths } from './asset.utils.ts';
import {
  assetResource,
  mockDashboardApi,
  sourceIds,
  type AssetFixture,
} from './assets.test-fixtures.ts';

const assetPath = (asset: AssetFixture) =>
  `/api/v4/assets/${asset.attributes.source_id}${asset.attributes.origin_path
    .split('/')
    .map(encodeURIComponent)
    .join('/')}`;

function mockAssetPage(asset: AssetFixture): ApiMock {
  const api = mockDashboardApi();
  api.on(`GET ${assetPath(asset)}`, { body: documentOf(asset) });
  return api;
}

async function openAssetPage(asset: AssetFixture) {
  const view = renderApp(
    `/assets/${asset.attributes.source_id}${asset.attributes.origin_path
      .split('/')
      .map(encodeURIComponent)
      .join('/')}`,
  );
  await screen.findByRole('heading', { level: 1, name: asset.attributes.name });
  return view;
}

const eventNames = (api: ApiMock) =>
  api
    .requestsTo('POST /api/v4/events')
    .map(
      (request) =>
        (request.body as { data: { attributes: { name: string } } }).data.attributes.name,
    );

const cat = () => assetResource(sourceIds.first, '/pets/tom cat.jpg');

describe('AssetPage', { timeout: 30000 }, () => {
  // Toasts live in a module-wide store: one test's must not show in the next.
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    vi.restoreAllMocks();
  });

  it('shows the preview and every field, sizes in base-1000 units and colour swatches', async () => {
    mockAssetPage(cat());
    await openAssetPage(cat());

    const preview = await screen.findByRole('img', { name: 'tom cat.jpg' });
    expect(preview).toHaveAttribute(
      'src',
      'http://photos.localhost:8080/pets/tom%20cat.jpg?auto=format&fit=max&w=1200',
    );
    expect(screen.getByText('Rendering the preview…')).toBeInTheDocument();
    fireEvent.load(preview);
    expect(screen.queryByText('Rendering the preview…')).toBeNull();
    const details = document.querySelector('dl[aria-label="Asset details"]');
    expect(details).toHaveTextContent('File size123 KB');
    expect(details).toHaveTextContent('Dimensions1411 × 940 px');
    expect(details).toHaveTextContent('Colour profilesRGB IEC61966-2.1');
    expect(details).toHaveTextContent('DPI72 × 72');
    const swatches = within(screen.getByRole('list', { name: 'Dominant colours' })).getAllByRole(
      'listitem',
    );
    expect(swatches.map((swatch) => swatch.textContent)).toEqual([
      '#1a2b3c · 31%',
      '#f0e0d0 · 20%',
    ]);
    expect(screen.queryByRole('heading', { name: 'Generated alt text' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit image' })).toHaveAttribute(
      'href',
      `/assets/${sourceIds.first}/pets/tom%20cat.jpg/editing`,
    );
  });

  it('shows the generated alt text once there is one', async () => {
    const asset = assetResource(sourceIds.first, '/cat.jpg', {
      alt_text: 'A cat asleep on a sofa',
    });
    mockAssetPage(asset);
    await openAssetPage(asset);

    expect(screen.getByRole('heading', { name: 'Generated alt text' })).toBeInTheDocument();
    expect(screen.getByText('A cat asleep on a sofa')).toBeInTheDocument();
  });

  it('shows the labels, the face count and each alt-text prediction with a copy button', async () => {
    const asset = assetResource(sourceIds.first, '/cat.jpg', {
      face_count: 0,
      has_labels: true,
      labels: [
        { name: 'cat', confidence: 0.934 },
        { name: 'couch', confidence: 0.41 },
      ],
      labels_alt_text_predictions: [
        { language: 'en', text: 'Photo of a cat on a brown background', templated: false },
        { language: 'de', text: 'Foto mit einer Katze vor braunem Hintergrund', templated: true },
      ],
    });
    mockAssetPage(asset);
    const { user } = await openAssetPage(asset);

    const labels = within(screen.getByRole('list', { name: 'Labels' })).getAllByRole('listitem');
    expect(labels.map((label) => label.textContent)).toEqual(['cat · 93%', 'couch · 41%']);
    const details = document.querySelector('dl[aria-label="Asset details"]');
    expect(details).toHaveTextContent('Faces0');
    const predictions = within(
      screen.getByRole('list', { name: 'Alt-text predictions' }),
    ).getAllByRole('listitem');
    expect(predictions[0]).toHaveTextContent('EnglishPhoto of a cat on a brown background');
    expect(predictions[0]).not.toHaveTextContent('templated');
    expect(predictions[1]).toHaveTextContent(
      'German · templated: fixed sentence pattern with translated words',
    );

    await user.click(screen.getByRole('button', { name: 'Copy the German alt text' }));
    expect(await navigator.clipboard.readText()).toBe(
      'Foto mit einer Katze vor braunem Hintergrund',
    );
    expect(await screen.findByText('Alt text copied')).toBeInTheDocument();
  });

  it('copies the URL and the embed code with a toast, and records both', async () => {
    const api = mockAssetPage(cat());
    const { user } = await openAssetPage(cat());

    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    expect(await navigator.clipboard.readText()).toBe(
      'http://photos.localhost:8080/pets/tom%20cat.jpg',
    );
    expect(await screen.findByText('URL copied')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy Embed Code' }));
    const embed = await navigator.clipboard.readText();
    expect(embed).toMatch(/^<img src="[^"]+" srcset="[^"]+" sizes="100vw"/);
    const widths = [...embed.matchAll(/ (\d+)w(?:,|")/g)].map((match) => Number(match[1]));
    // The embed asks for fit=max, which never enlarges: its widths stop at the image's width.
    expect(widths).toEqual(embedWidths(embedWidthCap(cat().attributes.media_width, 'max')));
    expect(await screen.findByText('Embed code copied')).toBeInTheDocument();

    await waitFor(() =>
      expect(eventNames(api)).toEqual(['Asset URL Copied', 'Asset Embed Copied']),
    );
  });

  it('only logs a refused clipboard: no toast, no event', async () => {
    const api = mockAssetPage(cat());
    const { user } = await openAssetPage(cat());
    const refusal = new DOMException('Denied', 'NotAllowedError');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(refusal);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Could not copy to the clipboard', refusal),
    );
    expect(screen.queryByText('URL copied')).toBeNull();
    expect(eventNames(api)).toEqual([]);
  });

  it('downloads through the dl parameter and records it, except for an impersonating admin', async () => {
    const api = mockAssetPage(cat());
    const { user } = await openAssetPage(cat());
    const download = await screen.findByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute(
      'href',
      'http://photos.localhost:8080/pets/tom%20cat.jpg?dl=tom+cat.jpg',
    );
    // jsdom does not navigate; the click is what counts.
    download.addEventListener('click', (event) => event.preventDefault());
    await user.click(download);
    await waitFor(() => expect(eventNames(api)).toEqual(['Asset Downloaded']));

    setSession(impersonationSession);
    await user.click(download);
    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    await screen.findByText('URL copied');
    expect(eventNames(api)).toEqual(['Asset Downloaded']);
  });

  it('saves name, description, categories and tags, refusing a repeated tag before sending', async () => {
    const api = mockAssetPage(cat());
    api.on(`PATCH ${assetPath(cat())}`, (request) => {
      const attributes = (request.body as { data: { attributes: Record<string, unknown> } }).data
        .attributes;
      return { body: documentOf(assetResource(sourceIds.first, '/pets/tom cat.jpg', attributes)) };
    });
    const { user } = await openAssetPage(cat());
    const form = screen.getByRole('form', { name: 'Edit asset' });

    const tags = within(form).getByLabelText('Tags');
    await user.clear(tags);
    await user.type(tags, 'Fluffy, grey, fluffy');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(form).findByText('Tag "fluffy" is already on this asset.'),
    ).toBeInTheDocument();
    expect(api.requestsTo(`PATCH ${assetPath(cat())}`)).toHaveLength(0);

    await user.clear(tags);
    await user.type(tags, 'fluffy, grey');
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Tom');
    await user.type(within(form).getByLabelText('Description'), 'Asleep');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Asset saved')).toBeInTheDocument();
    expect(api.requestsTo(`PATCH ${assetPath(cat())}`)[0]?.body).toEqual({
      data: {
        type: 'assets',
        id: `${sourceIds.first}/pets/tom cat.jpg`,
        attributes: {
          name: 'Tom',
          description: 'Asleep',
          categories: ['pets'],
          labels_user_defined: ['fluffy', 'grey'],
        },
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Tom' })).toBeInTheDocument();
  });

  it('refuses a name or tag with brackets or HTML under its field, before sending', async () => {
    const api = mockAssetPage(cat());
    const { user } = await openAssetPage(cat());
    const form = screen.getByRole('form', { name: 'Edit asset' });

    const name = within(form).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Tom <b>cat</b>');
    // `[[` is how user-event types a `[`.
    await user.type(within(form).getByLabelText('Tags'), ', [[asleep]');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Names cannot include brackets or HTML.'),
    );
    expect(within(form).getAllByText('Names cannot include brackets or HTML.')).toHaveLength(2);
    expect(api.requestsTo(`PATCH ${assetPath(cat())}`)).toHaveLength(0);
  });

  it("shows the server's refusal under the field it names", async () => {
    const api = mockAssetPage(cat());
    api.on(
      `PATCH ${assetPath(cat())}`,
      errorReply(422, [
        {
          code: 'invalid_attribute',
          detail: 'Use at most 50 categories.',
          source: { pointer: '/data/attributes/categories' },
        },
      ]),
    );
    const { user } = await openAssetPage(cat());
    const form = screen.getByRole('form', { name: 'Edit asset' });

    await user.type(within(form).getByLabelText('Categories'), ', cats');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Use at most 50 categories.')).toBeInTheDocument();
  });

  it('hides the image and can show it again', async () => {
    const api = mockAssetPage(cat());
    api.on(`PATCH ${assetPath(cat())}`, (request) => {
      const { hidden } = (request.body as { data: { attributes: { hidden: boolean } } }).data
        .attributes;
      return { body: documentOf(assetResource(sourceIds.first, '/pets/tom cat.jpg', { hidden })) };
    });
    const { user } = await openAssetPage(cat());

    await user.click(screen.getByRole('button', { name: 'Hide image' }));
    expect(await screen.findByText('Image hidden')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unhide image' })).toBeInTheDocument();
    expect(api.requestsTo(`PATCH ${assetPath(cat())}`)[0]?.body).toMatchObject({
      data: { attributes: { hidden: true } },
    });
  });

  it('refreshes the asset, with a toast on success and on error', async () => {
    const api = mockAssetPage(cat());
    api.on(`POST ${assetPath(cat())}/refresh`, { body: documentOf(cat()) });
    const { user } = await openAssetPage(cat());

    await user.click(screen.getByRole('button', { name: 'Refresh asset' }));
    expect(await screen.findByText('Asset refreshed')).toBeInTheDocument();

    api.on(
      `POST ${assetPath(cat())}/refresh`,
      errorReply(502, [{ detail: 'The origin did not answer.' }]),
    );
    await user.click(screen.getByRole('button', { name: 'Refresh asset' }));
    expect(await screen.findByText('Could not refresh the asset')).toBeInTheDocument();
    expect(screen.getByText('The origin did not answer.')).toBeInTheDocument();
  });

  it('keeps demo assets read-only: no edit form, no hide and no refresh action', async () => {
    const asset = assetResource(sourceIds.demo, '/coffee.png');
    mockAssetPage(asset);
    await openAssetPage(asset);

    expect(screen.getByRole('button', { name: 'Copy URL' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit asset' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hide image' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refresh asset' })).toBeNull();
    expect(screen.getByText(/The demo source is read-only/)).toBeInTheDocument();
  });

  it('shows the asset without changes to a user with Asset Manager Browse only', async () => {
    mockAssetPage(cat());
    setSession(sessionWith(userSession, ['asset_manager_browse']));
    await openAssetPage(cat());

    expect(screen.getByRole('button', { name: 'Copy URL' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit image' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit asset' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hide image' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refresh asset' })).toBeNull();
    expect(
      screen.getByText(
        'Editing, refreshing or hiding this asset needs the Asset Manager Edit permission group — ask an Account Admin.',
      ),
    ).toBeInTheDocument();
  });

  it('says so when Darkroom cannot render the preview', async () => {
    mockAssetPage(cat());
    await openAssetPage(cat());
    fireEvent.error(await screen.findByRole('img', { name: 'tom cat.jpg' }));
    // The URL playground below answers for its own preview with an alert of its own.
    expect(
      screen
        .getAllByRole('alert')
        .some((alert) => alert.textContent?.includes('The preview could not be rendered')),
    ).toBe(true);
  });

  it('says so when the asset is not there', async () => {
    const api = mockDashboardApi();
    api.on(
      `GET /api/v4/assets/${sourceIds.first}/gone.jpg`,
      errorReply(404, [{ code: 'not_found', detail: 'Not found' }]),
    );
    renderApp(`/assets/${sourceIds.first}/gone.jpg`);

    expect(await screen.findByText('Asset not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All assets' })).toHaveAttribute(
      'href',
      `/assets?source=${sourceIds.first}`,
    );
  });
});
