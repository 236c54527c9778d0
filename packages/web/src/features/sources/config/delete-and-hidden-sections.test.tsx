import { paginationMeta } from '@darkroom/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentOf } from '../../../test/fetch-mock.ts';
import { pathOf, renderApp } from '../../../test/render-app.tsx';
import { assetResource } from '../../assets/assets.test-fixtures.ts';
import {
  mockSourcePageApi,
  sourceIds,
  sourceResource,
  type SourceFixture,
} from '../sources.test-fixtures.ts';

beforeAll(async () => {
  await import('./source-config-page.tsx');
}, 30000);

const hiddenAssets = (stop: boolean, count: number) =>
  documentOf({
    type: 'hidden_assets',
    id: sourceIds.first,
    attributes: { stop_delivering: stop, hidden_count: count },
  });

/** Opens the source page on the API mock already set up (with this test's routes). */
async function openPage(source: SourceFixture) {
  const view = renderApp(`/sources/${source.id}`);
  await screen.findByRole('heading', { name: source.attributes.name });
  return view;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('source page: hidden images and deletion', { timeout: 30000 }, () => {
  it('turns "Stop delivering hidden images" on, and links to the hidden images', async () => {
    const source = sourceResource(sourceIds.first, 'photos');
    const api = mockSourcePageApi(source);
    api.on(`GET /api/v4/sources/${source.id}/hidden-assets`, { body: hiddenAssets(false, 2) });
    api.on(`PATCH /api/v4/sources/${source.id}/hidden-assets`, { body: hiddenAssets(true, 2) });
    const { user } = await openPage(source);

    const hidden = section('Hidden images');
    expect(
      await within(hidden).findByRole('link', { name: '2 hidden images' }, { timeout: 5000 }),
    ).toHaveAttribute('href', `/assets?source=${source.id}&visibility=hidden`);
    const toggle = within(hidden).getByRole('switch', { name: 'Stop delivering hidden images' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.requestsTo(`PATCH /api/v4/sources/${source.id}/hidden-assets`)[0]?.body).toEqual({
      data: { type: 'hidden_assets', attributes: { stop_delivering: true } },
    });
  });

  it('deletes the source only once its subdomain is typed, then opens the sources list', async () => {
    const source = sourceResource(sourceIds.first, 'photos');
    const api = mockSourcePageApi(source);
    api.on(`GET /api/v4/sources/${source.id}/hidden-assets`, { body: hiddenAssets(false, 0) });
    api.on(`DELETE /api/v4/sources/${source.id}`, { status: 204, body: null });
    const { user, router } = await openPage(source);

    // The section starts folded: deleting is never one click away.
    await user.click(screen.getByRole('button', { name: 'Delete source', expanded: false }));
    await user.click(
      within(section('Delete source')).getByRole('button', { name: 'Delete source' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete photos?' });
    expect(dialog).toHaveTextContent('reserved for your account for 7 days');
    const submit = within(dialog).getByRole('button', { name: 'Delete source' });
    expect(submit).toBeDisabled();
    const subdomain = source.attributes.production.darkroom_subdomains[0] ?? '';
    const input = within(dialog).getByLabelText(`Type ${subdomain} to confirm`);
    await user.type(input, 'photo');
    expect(submit).toBeDisabled();
    await user.clear(input);
    await user.type(input, subdomain);
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() =>
      expect(api.requestsTo(`DELETE /api/v4/sources/${source.id}`)).toHaveLength(1),
    );
    await waitFor(() => expect(pathOf(router)).toBe('/sources'));
  });

  it('lists the stored files of a managed source and deletes one after confirming', async () => {
    const source = sourceResource(sourceIds.first, 'photos', {
      production: {
        type: 'darkroom_storage',
        aws_access_key: undefined,
        aws_secret_key: undefined,
        aws_bucket: undefined,
        aws_prefix: undefined,
      },
    });
    const api = mockSourcePageApi(source);
    api.on(`GET /api/v4/sources/${source.id}/hidden-assets`, { body: hiddenAssets(false, 0) });
    const files = [
      assetResource(source.id, '/shop/shoe.png'),
      assetResource(source.id, '/shop/boot.png', { hidden: true }),
    ];
    api.on(`GET /api/v4/sources/${source.id}/assets`, {
      body: documentOf(files, {
        meta: { ...documentOf(null).meta, pagination: paginationMeta(1, 50, 2) },
      }),
    });
    api.on(`DELETE /api/v4/assets/${source.id}/shop/shoe.png`, { status: 204, body: null });
    const { user } = await openPage(source);

    const list = await screen.findByRole('list', { name: 'Stored files' }, { timeout: 5000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('Hidden');
    const query = new URL(
      api.requestsTo(`GET /api/v4/sources/${source.id}/assets`)[0]?.url ?? '',
      'http://localhost',
    ).searchParams;
    expect(query.get('filter[hidden]')).toBe('all');

    await user.click(within(list).getByRole('button', { name: 'Delete /shop/shoe.png' }));
    await user.click(await screen.findByRole('button', { name: 'Delete file' }));
    await waitFor(() =>
      expect(api.requestsTo(`DELETE /api/v4/assets/${source.id}/shop/shoe.png`)).toHaveLength(1),
    );
    expect(await screen.findByText('File deleted')).toBeInTheDocument();
  });
});
