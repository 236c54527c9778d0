import { paginationMeta } from '@darkroom/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setSession } from '../../app/session.ts';
import { ids, sessionWith, userResource, userSession } from '../../test/fixtures.ts';
import { documentOf, errorReply, mockApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sourceIds, sourceResource, sourcesList } from '../sources/sources.test-fixtures.ts';

beforeAll(async () => {
  await import('./purges-page.tsx');
}, 30000);

const URL_PURGE = {
  type: 'purges',
  id: '1'.repeat(24),
  attributes: {
    source_id: sourceIds.first,
    source_name: 'photos',
    kind: 'url',
    url: 'http://photos.localhost:8080/cat.png',
    status: 'done',
    error: null,
    requested_by: ids.user,
    requested_by_name: 'Ada Lovelace',
    date_created: Date.now() - 60_000,
  },
};
const PREFIX_PURGE = {
  type: 'purges',
  id: '2'.repeat(24),
  attributes: {
    source_id: sourceIds.first,
    source_name: 'photos',
    kind: 'prefix',
    prefix: '/products/',
    status: 'failed',
    error: 'The purge could not be recorded for every server process. Purge again.',
    requested_by: null,
    requested_by_name: null,
    date_created: Date.now() - 3_600_000,
  },
};

function historyOf(purges: unknown[]) {
  return documentOf(purges, {
    meta: { ...documentOf(null).meta, pagination: paginationMeta(1, 20, purges.length) },
  });
}

function mockPurgesApi(purges: unknown[] = [URL_PURGE, PREFIX_PURGE]) {
  setSession(userSession);
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada Lovelace', 'ada@example.com')),
    },
    'GET /api/v4/purges': { body: historyOf(purges) },
    'GET /api/v4/sources': {
      body: sourcesList([
        sourceResource(sourceIds.first, 'photos'),
        sourceResource(sourceIds.second, 'videos'),
      ]),
    },
  });
}

describe('PurgesPage', { timeout: 30000 }, () => {
  it('lists the purge history: what, source, who and status, failures with their reason', async () => {
    mockPurgesApi();
    renderApp('/purges');
    const table = await screen.findByRole('table', { name: 'Purge history' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('http://photos.localhost:8080/cat.png');
    expect(rows[1]).toHaveTextContent('Ada Lovelace');
    expect(rows[1]).toHaveTextContent('Done');
    expect(rows[2]).toHaveTextContent('/products/ (path prefix)');
    expect(rows[2]).toHaveTextContent('An API key');
    expect(rows[2]).toHaveTextContent('Failed');
    expect(rows[2]).toHaveTextContent('Purge again.');
  });

  it('purges one image by URL, checks the URL first, and shows the new entry', async () => {
    const api = mockPurgesApi([]);
    api.on('POST /api/v4/purges', () => {
      api.on('GET /api/v4/purges', { body: historyOf([URL_PURGE]) });
      return { body: documentOf(URL_PURGE) };
    });
    const { user } = renderApp('/purges');
    expect(await screen.findByText('No purges yet')).toBeInTheDocument();

    const field = screen.getByLabelText('Image URL');
    await user.type(field, 'cat.png');
    await user.click(screen.getByRole('button', { name: 'Purge' }));
    expect(
      await screen.findByText(
        'Enter the full delivery URL of the image, with http:// or https://.',
      ),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v4/purges')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'http://photos.localhost:8080/cat.png?w=20');
    await user.click(screen.getByRole('button', { name: 'Purge' }));
    await waitFor(() => expect(api.requestsTo('POST /api/v4/purges')).toHaveLength(1));
    expect(api.requestsTo('POST /api/v4/purges')[0]?.body).toEqual({
      data: { type: 'purges', attributes: { url: 'http://photos.localhost:8080/cat.png?w=20' } },
    });
    expect(await screen.findByRole('table', { name: 'Purge history' })).toHaveTextContent(
      'Ada Lovelace',
    );
  });

  it('purges a path prefix of a chosen source, with the server refusal on its field', async () => {
    const api = mockPurgesApi([]);
    api.on(
      'POST /api/v4/purges',
      errorReply(422, [
        {
          code: 'validation_failed',
          detail: 'The path prefix is not validly percent-encoded.',
          source: { pointer: '/data/attributes/prefix' },
        },
      ]),
    );
    const { user } = renderApp('/purges');
    await user.click(await screen.findByRole('radio', { name: /A path prefix/ }));
    const prefix = screen.getByLabelText('Path prefix');
    await user.clear(prefix);
    await user.type(prefix, 'products');
    await user.click(screen.getByRole('button', { name: 'Purge' }));
    expect(
      await screen.findByText('Start the path prefix with /, such as /products/.'),
    ).toBeInTheDocument();

    await user.clear(prefix);
    await user.type(prefix, '/products/%');
    await user.click(screen.getByRole('button', { name: 'Purge' }));
    expect(
      await screen.findByText('The path prefix is not validly percent-encoded.'),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v4/purges')[0]?.body).toEqual({
      data: { type: 'purges', attributes: { source_id: sourceIds.first, prefix: '/products/%' } },
    });
  });

  it('explains the group a user without Purge needs', async () => {
    mockPurgesApi();
    setSession(sessionWith(userSession, ['sources']));
    renderApp('/purges');
    expect(
      await screen.findByRole('heading', { name: 'This page needs the Purge permission group' }),
    ).toBeInTheDocument();
  });
});
