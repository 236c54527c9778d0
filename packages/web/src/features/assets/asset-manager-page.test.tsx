import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileCreated, mockUploads } from '../../api/source-files.fake-xhr.ts';
import { setSession } from '../../app/session.ts';
import { errorReply } from '../../test/fetch-mock.ts';
import { sessionWith, userSession } from '../../test/fixtures.ts';
import { pathOf, renderApp } from '../../test/render-app.tsx';
import {
  assetResource,
  assetSourceResource,
  mockDashboardApi,
  pageOf,
  sourceIds,
} from './assets.test-fixtures.ts';
import { lastUsedSourceId, rememberLastUsedSource } from './last-used-source.ts';

const sourcesPath = 'GET /api/v4/assets/sources/';
const listPath = (id: string) => `GET /api/v4/sources/${id}/assets`;
const grid = () => screen.getByRole('list', { name: 'Assets' });
const searchOf = (url: string) => new URL(url, 'http://dashboard.test').searchParams;

function mockManager(
  sources = [assetSourceResource(sourceIds.first, 'photos', { asset_count: 2 })],
) {
  const api = mockDashboardApi();
  api.on(sourcesPath, { body: pageOf(sources, 1, 300, sources.length) });
  return api;
}

describe('AssetManagerPage', { timeout: 30000 }, () => {
  // jsdom lays nothing out: a laptop-sized box for every element, so the grid has rows in view.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(960);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the first source's assets as links with Darkroom thumbnails, remembering the source", async () => {
    const api = mockManager([
      assetSourceResource(sourceIds.first, 'photos', { asset_count: 2 }),
      assetSourceResource(sourceIds.demo, 'demo', { asset_count: 11 }),
    ]);
    api.on(listPath(sourceIds.first), {
      body: pageOf(
        [
          assetResource(sourceIds.first, '/cats/tom cat.jpg'),
          assetResource(sourceIds.first, '/dog.png'),
        ],
        1,
        100,
        2,
      ),
    });
    const { router } = renderApp('/assets');

    const link = await within(await screen.findByRole('list', { name: 'Assets' })).findByRole(
      'link',
      { name: 'tom cat.jpg' },
    );
    expect(link).toHaveAttribute('href', `/assets/${sourceIds.first}/cats/tom%20cat.jpg`);
    const thumbnail = link.querySelector('img');
    // Marked as the dashboard's own request: the server does not meter it.
    expect(thumbnail?.getAttribute('src')).toBe(
      'http://photos.localhost:8080/cats/tom%20cat.jpg?auto=format&fit=crop&w=240&h=240&dr-internal=1700000000.mark',
    );
    expect(thumbnail?.getAttribute('srcset')).toContain(
      'w=480&h=480&dr-internal=1700000000.mark 2x',
    );
    expect(screen.getByText('2 assets')).toBeInTheDocument();
    expect(pathOf(router)).toBe(`/assets?source=${sourceIds.first}`);

    const sourcesQuery = searchOf(api.requestsTo(sourcesPath)[0]?.url ?? '');
    expect(sourcesQuery.get('page[size]')).toBe('300');
    expect(sourcesQuery.get('filter[enabled]')).toBe('true');
    const listQuery = searchOf(api.requestsTo(listPath(sourceIds.first))[0]?.url ?? '');
    expect(listQuery.get('page[number]')).toBe('1');
    expect(listQuery.get('sort')).toBe('-date_created');
    expect(listQuery.get('filter[hidden]')).toBe('false');
    expect(listQuery.has('filter[keyword]')).toBe(false);
  });

  it('searches once typing stops, and filters and sorts through the list call', async () => {
    const api = mockManager();
    api.on(listPath(sourceIds.first), (request) => {
      const query = searchOf(request.url);
      // One photo of a cat, which is no animation.
      const match = query.get('filter[keyword]') === 'cat' && !query.has('filter[media_kind]');
      const assets = match ? [assetResource(sourceIds.first, '/cat.jpg')] : [];
      return { body: pageOf(assets, 1, 100, assets.length) };
    });
    const { user } = renderApp(`/assets?source=${sourceIds.first}`);

    await screen.findByText('No assets yet');
    await user.type(screen.getByLabelText('Search assets'), 'cat');
    await within(await screen.findByRole('list', { name: 'Assets' })).findByRole('link', {
      name: 'cat.jpg',
    });
    const keywords = api
      .requestsTo(listPath(sourceIds.first))
      .map((request) => searchOf(request.url).get('filter[keyword]'));
    expect(keywords).toEqual([null, 'cat']);

    await user.click(screen.getByRole('button', { name: 'Animations', pressed: false }));
    await user.click(screen.getByRole('combobox', { name: 'Sort' }));
    await user.click(await screen.findByRole('option', { name: 'Largest first' }));
    await user.click(screen.getByRole('checkbox', { name: 'Has faces' }));
    await waitFor(() => {
      const last = searchOf(api.requestsTo(listPath(sourceIds.first)).at(-1)?.url ?? '');
      expect(last.get('filter[media_kind]')).toBe('ANIMATION');
      expect(last.get('sort')).toBe('-file_size');
      expect(last.get('filter[has_faces]')).toBe('true');
      expect(last.get('filter[keyword]')).toBe('cat');
    });
    expect(await screen.findByText('No assets match')).toBeInTheDocument();
  });

  it('restores the view a link holds and sends it to the list call', async () => {
    const api = mockManager();
    api.on(listPath(sourceIds.first), { body: pageOf([], 1, 100, 0) });
    renderApp(
      `/assets?source=${sourceIds.first}&q=cat&kind=VIDEO,IMAGE&type=image/png&color=ff0000&visibility=all&faces=1&sort=-file_size`,
    );

    expect(await screen.findByText('No assets match')).toBeInTheDocument();
    const requests = api.requestsTo(listPath(sourceIds.first));
    expect(requests).toHaveLength(1);
    const query = searchOf(requests[0]?.url ?? '');
    expect(query.get('filter[keyword]')).toBe('cat');
    expect(query.get('filter[media_kind]')).toBe('IMAGE,VIDEO');
    expect(query.get('filter[content_type]')).toBe('image/png');
    expect(query.get('filter[colors]')).toBe('#ff0000');
    expect(query.get('filter[hidden]')).toBe('all');
    expect(query.get('filter[has_faces]')).toBe('true');
    expect(query.get('sort')).toBe('-file_size');

    expect(screen.getByLabelText('Search assets')).toHaveValue('cat');
    const media = screen.getByRole('group', { name: 'Media' });
    expect(within(media).getByRole('button', { name: 'Images' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(media).getByRole('button', { name: 'Animations' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveTextContent('Largest first');
    expect(screen.getByRole('combobox', { name: 'Colour' })).toHaveTextContent('Colour #ff0000');
    expect(screen.getByRole('checkbox', { name: 'Has faces' })).toBeChecked();
  });

  it('ignores values in the address it does not know', async () => {
    const api = mockManager();
    api.on(listPath(sourceIds.first), { body: pageOf([], 1, 100, 0) });
    renderApp(`/assets?source=${sourceIds.first}&kind=PDF&sort=random&visibility=secret`);

    await screen.findByText('No assets yet');
    const query = searchOf(api.requestsTo(listPath(sourceIds.first))[0]?.url ?? '');
    expect(query.has('filter[media_kind]')).toBe(false);
    expect(query.get('sort')).toBe('-date_created');
    expect(query.get('filter[hidden]')).toBe('false');
  });

  it('writes filters into the address as history entries, and typing without one per key', async () => {
    const api = mockManager();
    api.on(listPath(sourceIds.first), { body: pageOf([], 1, 100, 0) });
    const { user, router } = renderApp(`/assets?source=${sourceIds.first}`);

    await screen.findByText('No assets yet');
    await user.click(screen.getByRole('button', { name: 'Videos' }));
    await user.click(screen.getByRole('button', { name: 'Images' }));
    expect(pathOf(router)).toBe(`/assets?source=${sourceIds.first}&kind=IMAGE%2CVIDEO`);
    expect(router.state.historyAction).toBe('PUSH');
    await user.click(screen.getByRole('combobox', { name: 'Visibility' }));
    await user.click(await screen.findByRole('option', { name: 'Hidden' }));
    expect(pathOf(router)).toBe(
      `/assets?source=${sourceIds.first}&kind=IMAGE%2CVIDEO&visibility=hidden`,
    );

    await user.type(screen.getByLabelText('Search assets'), 'cat');
    await waitFor(() =>
      expect(pathOf(router)).toBe(
        `/assets?source=${sourceIds.first}&q=cat&kind=IMAGE%2CVIDEO&visibility=hidden`,
      ),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => {
      const last = searchOf(api.requestsTo(listPath(sourceIds.first)).at(-1)?.url ?? '');
      expect(last.get('filter[keyword]')).toBe('cat');
      expect(last.get('filter[media_kind]')).toBe('IMAGE,VIDEO');
      expect(last.get('filter[hidden]')).toBe('true');
    });

    // Back undoes the visibility choice; the typed words went into that entry, so they stay.
    await act(() => router.navigate(-1));
    expect(pathOf(router)).toBe(`/assets?source=${sourceIds.first}&kind=IMAGE%2CVIDEO`);
    await act(() => router.navigate(-1));
    expect(pathOf(router)).toBe(`/assets?source=${sourceIds.first}&kind=VIDEO`);
    expect(screen.getByRole('button', { name: 'Images' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => {
      const last = searchOf(api.requestsTo(listPath(sourceIds.first)).at(-1)?.url ?? '');
      expect(last.get('filter[media_kind]')).toBe('VIDEO');
      expect(last.get('filter[hidden]')).toBe('false');
    });
  });

  it('shows the words of the address in the search box when going back', async () => {
    const api = mockManager();
    api.on(listPath(sourceIds.first), { body: pageOf([], 1, 100, 0) });
    const { user, router } = renderApp(`/assets?source=${sourceIds.first}&q=cat`);

    await screen.findByText('No assets match');
    await user.click(screen.getByRole('checkbox', { name: 'Has faces' }));
    const search = screen.getByLabelText('Search assets');
    await user.clear(search);
    await user.type(search, 'dog');
    await waitFor(() =>
      expect(pathOf(router)).toBe(`/assets?source=${sourceIds.first}&q=dog&faces=1`),
    );

    await act(() => router.navigate(-1));
    expect(pathOf(router)).toBe(`/assets?source=${sourceIds.first}&q=cat`);
    expect(search).toHaveValue('cat');
    expect(screen.getByRole('checkbox', { name: 'Has faces' })).not.toBeChecked();
    await waitFor(() => {
      const last = searchOf(api.requestsTo(listPath(sourceIds.first)).at(-1)?.url ?? '');
      expect(last.get('filter[keyword]')).toBe('cat');
      expect(last.has('filter[has_faces]')).toBe(false);
    });
    // The box settling on the restored words does not write the address again.
    await waitFor(() => expect(pathOf(router)).toBe(`/assets?source=${sourceIds.first}&q=cat`));
  });

  it('loads the next page when the end of the grid comes into view', async () => {
    const api = mockManager();
    api.on(listPath(sourceIds.first), (request) => {
      const page = Number(searchOf(request.url).get('page[number]'));
      const assets = Array.from({ length: 4 }, (_, index) =>
        assetResource(sourceIds.first, `/p${page}-${index}.jpg`),
      );
      return { body: pageOf(assets, page, 4, 8) };
    });
    renderApp(`/assets?source=${sourceIds.first}`);

    await waitFor(() => expect(within(grid()).getAllByRole('link')).toHaveLength(8));
    expect(within(grid()).getByRole('link', { name: 'p2-3.jpg' })).toBeInTheDocument();
    expect(api.requestsTo(listPath(sourceIds.first))).toHaveLength(2);
  });

  it('says indexing is in progress for a source without assets yet, and can start it again', async () => {
    const api = mockManager([
      assetSourceResource(sourceIds.first, 'photos', { index_status: 'running' }),
    ]);
    api.on(listPath(sourceIds.first), { body: pageOf([], 1, 100, 0) });
    api.on(`POST /api/v4/sources/${sourceIds.first}/assets/index`, { status: 202 });
    const { user } = renderApp(`/assets?source=${sourceIds.first}`);

    expect(await screen.findByText('Indexing in progress')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Re-index' }));
    expect(await screen.findByText('Indexing started')).toBeInTheDocument();
    expect(api.requestsTo(`POST /api/v4/sources/${sourceIds.first}/assets/index`)).toHaveLength(1);
  });

  it('opens on the source the user last worked in, else on their own before the demo', async () => {
    const sources = [
      assetSourceResource(sourceIds.demo, 'demo', { asset_count: 11 }),
      assetSourceResource(sourceIds.first, 'photos', { asset_count: 0 }),
      assetSourceResource(sourceIds.second, 'shoes', { asset_count: 0 }),
    ];
    const api = mockManager(sources);
    for (const id of [sourceIds.demo, sourceIds.first, sourceIds.second]) {
      api.on(listPath(id), { body: pageOf([], 1, 100, 0) });
    }

    // No source used yet: the user's own first, not the demo listed before it.
    const first = renderApp('/assets');
    await waitFor(() => expect(pathOf(first.router)).toBe(`/assets?source=${sourceIds.first}`));
    first.unmount();

    // Opening another source's asset page makes it the last used one.
    rememberLastUsedSource(userSession.userId, sourceIds.second);
    const second = renderApp('/assets');
    await waitFor(() => expect(pathOf(second.router)).toBe(`/assets?source=${sourceIds.second}`));
    second.unmount();

    // Each user has their own: another user of this browser starts on their own first source.
    expect(lastUsedSourceId('9'.repeat(24))).toBeNull();
    // A remembered source that is gone is passed over.
    rememberLastUsedSource(userSession.userId, 'f'.repeat(24));
    const third = renderApp('/assets');
    await waitFor(() => expect(pathOf(third.router)).toBe(`/assets?source=${sourceIds.first}`));
  });

  it('opens on the demo source only when the user has no other', async () => {
    const api = mockManager([assetSourceResource(sourceIds.demo, 'demo', { asset_count: 11 })]);
    api.on(listPath(sourceIds.demo), { body: pageOf([], 1, 100, 0) });
    const { router } = renderApp('/assets');
    await waitFor(() => expect(pathOf(router)).toBe(`/assets?source=${sourceIds.demo}`));
  });

  it('says a web folder is indexed from the paths delivery served, with Re-index beside it', async () => {
    const api = mockManager([
      assetSourceResource(sourceIds.first, 'site', {
        production: { type: 'webfolder', webfolder_prefix: 'https://www.example.com/images/' },
      }),
    ]);
    api.on(listPath(sourceIds.first), { body: pageOf([], 1, 100, 0) });
    api.on(`POST /api/v4/sources/${sourceIds.first}/assets/index`, { status: 202 });
    const { user } = renderApp(`/assets?source=${sourceIds.first}`);

    expect(
      await screen.findByText(/its images are indexed from the paths delivery has served/),
    ).toBeInTheDocument();
    expect(await screen.findByText('No assets yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Re-index' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Re-index' }));
    expect(await screen.findByText('Indexing started')).toBeInTheDocument();
    expect(api.requestsTo(`POST /api/v4/sources/${sourceIds.first}/assets/index`)).toHaveLength(1);
  });

  it('says nothing of served paths for a bucket source', async () => {
    const api = mockManager();
    api.on(listPath(sourceIds.first), { body: pageOf([], 1, 100, 0) });
    renderApp(`/assets?source=${sourceIds.first}`);
    expect(await screen.findByText('No assets yet')).toBeInTheDocument();
    expect(screen.queryByText(/indexed from the paths delivery has served/)).toBeNull();
  });

  it('shows a failed list with a way to try again', async () => {
    const api = mockManager();
    api.on(listPath(sourceIds.first), errorReply(502, [{ detail: 'The origin did not answer.' }]));
    const { user } = renderApp(`/assets?source=${sourceIds.first}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('The origin did not answer.');
    api.on(listPath(sourceIds.first), {
      body: pageOf([assetResource(sourceIds.first, '/cat.jpg')], 1, 100, 1),
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'cat.jpg' })).toBeInTheDocument();
  });

  it('uploads into a managed storage source with progress, then shows the new asset', async () => {
    const { requests } = mockUploads();
    const api = mockManager([
      assetSourceResource(sourceIds.first, 'photos', {
        production: { type: 'darkroom_storage' },
      }),
    ]);
    let stored = false;
    api.on(listPath(sourceIds.first), () => {
      const assets = stored ? [assetResource(sourceIds.first, '/new.png')] : [];
      return { body: pageOf(assets, 1, 100, assets.length) };
    });
    const { user } = renderApp(`/assets?source=${sourceIds.first}`);

    await screen.findByText('No assets yet');
    await user.upload(screen.getByLabelText('Files to upload'), [
      new File([new Uint8Array(2000)], 'new.png', { type: 'image/png' }),
    ]);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.url).toBe(`/api/v4/sources/${sourceIds.first}/files`);
    act(() => requests[0]?.progress(500, 2000));
    expect(screen.getByRole('progressbar', { name: 'Uploading new.png' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    stored = true;
    act(() => requests[0]?.respond(fileCreated('new.png', 2000)));
    expect(await screen.findByRole('link', { name: 'new.png' })).toHaveAttribute(
      'href',
      `/assets/${sourceIds.first}/new.png`,
    );
  });

  it('uploads the files dropped onto the grid', async () => {
    const { requests } = mockUploads();
    const api = mockManager([
      assetSourceResource(sourceIds.first, 'photos', { production: { type: 'darkroom_storage' } }),
    ]);
    api.on(listPath(sourceIds.first), { body: pageOf([], 1, 100, 0) });
    renderApp(`/assets?source=${sourceIds.first}`);

    await screen.findByText('No assets yet');
    const dropZone = screen.getByRole('region', { name: 'Drop files here to upload them' });
    const files = [
      new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }),
      new File([new Uint8Array(20)], 'b.jpg', { type: 'image/jpeg' }),
    ];
    fireEvent.dragEnter(dropZone, { dataTransfer: { files } });
    expect(dropZone).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(dropZone, { dataTransfer: { files } });

    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests.map((request) => request.file()?.name)).toEqual(['a.png', 'b.jpg']);
    expect(dropZone).not.toHaveAttribute('data-dragging');
  });

  it('offers no upload on sources that are not managed storage', async () => {
    const api = mockManager();
    api.on(listPath(sourceIds.first), { body: pageOf([], 1, 100, 0) });
    renderApp(`/assets?source=${sourceIds.first}`);

    await screen.findByText('No assets yet');
    expect(screen.queryByLabelText('Files to upload')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Drop files here to upload them' })).toBeNull();
  });

  it('lets Asset Manager Browse look, saying that changing assets needs Edit', async () => {
    const api = mockManager([
      assetSourceResource(sourceIds.first, 'photos', { production: { type: 'darkroom_storage' } }),
    ]);
    api.on(listPath(sourceIds.first), { body: pageOf([], 1, 100, 0) });
    setSession(sessionWith(userSession, ['asset_manager_browse']));
    renderApp(`/assets?source=${sourceIds.first}`);

    await screen.findByText('No assets yet');
    expect(
      screen.getByText(
        'Changing assets (uploads, indexing, alt text languages) needs the Asset Manager Edit permission group — ask an Account Admin.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Files to upload')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Re-index' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Alt text languages' })).toBeNull();
  });

  it('explains the Asset Manager Browse group to a user without it', async () => {
    const api = mockManager();
    setSession(sessionWith(userSession, ['billing']));
    renderApp('/assets');

    expect(
      await screen.findByRole('region', {
        name: 'This page needs the Asset Manager Browse permission group',
      }),
    ).toBeInTheDocument();
    expect(api.requestsTo(sourcesPath)).toEqual([]);
  });
});
