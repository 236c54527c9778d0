import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../../app/session.ts';
import { documentOf, errorReply, mockApi } from '../../../test/fetch-mock.ts';
import { ids, sessionWith, userResource, userSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  settingsDocument,
  sourceIds,
  sourceResource,
  sourcesList,
} from '../sources.test-fixtures.ts';

function mockSourcesApi(sources: unknown[]) {
  setSession(userSession);
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada', 'ada@example.com')),
    },
    'GET /api/v4/platform-settings': { body: settingsDocument },
    'GET /api/v4/sources': { body: sourcesList(sources) },
  });
}

describe('SourcesPage', () => {
  it('lists sources with subdomain link, type, status and modified date', async () => {
    const api = mockSourcesApi([
      sourceResource(sourceIds.first, 'photos'),
      sourceResource(sourceIds.second, 'media', {
        deployment_status: 'deploying',
        production: { type: 's3_compatible', storage_provider: 'r2' },
      }),
    ]);
    renderApp('/sources');

    const table = await screen.findByRole('table');
    const rows = await waitFor(() => {
      const found = within(table).getAllByRole('row');
      expect(found).toHaveLength(3);
      return found;
    });
    expect(rows[1]).toHaveTextContent('photos');
    expect(rows[1]).toHaveTextContent('Amazon S3');
    expect(rows[1]).toHaveTextContent('Deployed');
    expect(rows[1]).toHaveTextContent('Mar 3, 2025');
    expect(rows[2]).toHaveTextContent('Cloudflare R2');
    expect(rows[2]).toHaveTextContent('Deploying');
    await waitFor(() =>
      expect(
        within(rows[1] as HTMLElement).getByRole('link', { name: 'photos.img.example' }),
      ).toHaveAttribute('href', 'https://photos.img.example'),
    );
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'photos' })).toHaveAttribute(
      'href',
      `/sources/${sourceIds.first}`,
    );
    expect(api.requestsTo('GET /api/v4/sources')[0]?.url).toContain('sort=-date_modified');
  });

  it('offers to create a source or explore the demo source when there is none', async () => {
    mockSourcesApi([]);
    renderApp('/sources');

    expect(await screen.findByText('No sources yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create a source' })[0]).toHaveAttribute(
      'href',
      '/sources/new',
    );
    // Spec platform section 2: the demo link lands on the demo source's assets.
    expect(screen.getByRole('link', { name: 'Explore My Demo Source' })).toHaveAttribute(
      'href',
      `/assets?source=${sourceIds.demo}`,
    );
  });

  it('shows an error with a retry', async () => {
    const api = mockSourcesApi([]);
    api.on('GET /api/v4/sources', errorReply(500, [{ code: 'internal_error', detail: 'Down' }]));
    const { user } = renderApp('/sources');

    expect(await screen.findByRole('alert')).toBeInTheDocument();
    api.on('GET /api/v4/sources', {
      body: sourcesList([sourceResource(sourceIds.first, 'photos')]),
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toHaveTextContent('photos');
  });

  it('lists sources without the Sources group, its Create button disabled and saying why', async () => {
    mockSourcesApi([]);
    setSession(sessionWith(userSession, ['asset_manager_browse']));
    renderApp('/sources');

    expect(await screen.findByText('No sources yet')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create a source' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(
      'Needs the Sources permission group — ask an Account Admin.',
    );
    expect(screen.queryByRole('link', { name: 'Create a source' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Explore My Demo Source' })).toBeInTheDocument();
  });
});
