import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session.ts';
import { documentOf, errorReply } from '../../../test/fetch-mock.ts';
import { sessionWith, userSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { starterPrice, subscriptionOn } from '../../billing/billing.test-fixtures.ts';
import {
  acceptPatches,
  mockSourcePageApi,
  openSourcePage,
  sourceIds,
  sourceResource,
} from '../sources.test-fixtures.ts';

// The route's chunk loads on first use; loading it here keeps that out of the first test's time.
beforeAll(async () => {
  await import('./source-config-page.tsx');
}, 30000);

const mockConfigApi = mockSourcePageApi;

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('SourceConfigPage', { timeout: 30000 }, () => {
  it('shows the source with its status, address and settings', async () => {
    mockConfigApi();
    renderApp(`/sources/${sourceIds.first}`);

    expect(await screen.findByRole('heading', { name: 'photos' })).toBeInTheDocument();
    expect(screen.getByText('Deployed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://photos.img.example' })).toBeInTheDocument();
    const caching = section('Caching');
    expect(within(caching).getByLabelText('TTL (seconds)')).toHaveValue('31536000');
    expect(within(caching).getByText('31536000 seconds = 1 year')).toBeInTheDocument();
    expect(within(caching).getByLabelText('Error TTL (seconds)')).toHaveValue('300');
    expect(within(section('Storage: Amazon S3')).getByLabelText('Bucket Name')).toHaveValue(
      'my-images',
    );
    expect(within(section('Storage: Amazon S3')).getByLabelText('Access Key ID')).toHaveAttribute(
      'placeholder',
      '••••MPLE',
    );
    expect(screen.getAllByText(/Upgrade your plan to use/)).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'View plans' })[0]).toHaveAttribute(
      'href',
      '/billing/plans',
    );
  });

  it('leads the upgrade call-to-action to the plans, logging the click, and hides it on a paid plan', async () => {
    const api = mockConfigApi();
    const { user } = renderApp(`/sources/${sourceIds.first}`);
    const viewPlans = await screen.findAllByRole('link', { name: 'View plans' });
    await user.click(viewPlans[0] as HTMLElement);
    // The billing pages load lazily: on a busy machine that takes longer than the default second.
    expect(
      await screen.findByRole('heading', { name: 'Billing' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requestsTo('POST /api/v4/events').map((request) => request.body)).toContainEqual(
        expect.objectContaining({
          data: expect.objectContaining({
            attributes: expect.objectContaining({ name: 'Paywall Clicked' }),
          }),
        }),
      ),
    );

    const { id, ...attributes } = subscriptionOn(starterPrice);
    api.on('GET /api/v4/billing/subscription', {
      body: documentOf({
        type: 'subscriptions',
        id,
        attributes: { ...attributes, provider: 'local', prorates: false },
      }),
    });
    renderApp(`/sources/${sourceIds.first}`);
    expect(await screen.findByRole('heading', { name: 'photos' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Upgrade your plan to use/)).toBeNull());
  });

  it('saves a changed TTL with PATCH and only what changed', async () => {
    const api = mockConfigApi();
    api.on(`PATCH /api/v4/sources/${sourceIds.first}`, {
      body: documentOf(
        sourceResource(sourceIds.first, 'photos', { production: { cache_ttl_value: 86400 } }),
      ),
    });
    const { user } = renderApp(`/sources/${sourceIds.first}`);

    const caching = await screen.findByRole('region', { name: 'Caching' });
    const ttl = within(caching).getByLabelText('TTL (seconds)');
    await user.clear(ttl);
    await user.type(ttl, '86400');
    expect(within(caching).getByText('86400 seconds = 1 day')).toBeInTheDocument();
    await user.click(within(caching).getByRole('button', { name: 'Save caching' }));

    expect(await screen.findByText('Cache settings saved')).toBeInTheDocument();
    expect(api.requestsTo(`PATCH /api/v4/sources/${sourceIds.first}`)[0]?.body).toEqual({
      data: {
        type: 'sources',
        id: sourceIds.first,
        attributes: { production: { cache_ttl_value: 86400 } },
      },
    });
  });

  it('refuses a TTL under 30 minutes before anything is sent', async () => {
    const api = mockConfigApi();
    const { user } = renderApp(`/sources/${sourceIds.first}`);

    const caching = await screen.findByRole('region', { name: 'Caching' });
    const ttl = within(caching).getByLabelText('TTL (seconds)');
    await user.clear(ttl);
    await user.type(ttl, '60');
    expect(ttl).toHaveAccessibleDescription(/at least 30 minutes/);
    expect(within(caching).getByRole('button', { name: 'Save caching' })).toBeDisabled();
    expect(api.requestsTo(`PATCH /api/v4/sources/${sourceIds.first}`)).toHaveLength(0);
  });

  it('refuses ch as a default parameter', async () => {
    mockConfigApi();
    const { user } = renderApp(`/sources/${sourceIds.first}`);

    const params = await screen.findByRole('region', { name: 'Default parameters' });
    await user.click(within(params).getByRole('button', { name: 'Add parameter' }));
    await user.type(within(params).getByLabelText('Parameter 1 name'), 'ch');
    expect(within(params).getByLabelText('Parameter 1 name')).toHaveAccessibleDescription(
      /cannot be a default parameter/,
    );
  });

  it('reveals the secure URL token on request, and regenerates it after confirmation', async () => {
    const api = mockConfigApi();
    api.on(`GET /api/v4/sources/${sourceIds.first}/secure-url-token`, {
      body: documentOf({
        type: 'secure_url_tokens',
        id: sourceIds.first,
        attributes: { token: 'abcd1234deadbeef' },
      }),
    });
    api.on(`POST /api/v4/sources/${sourceIds.first}/secure-url-token`, {
      status: 201,
      body: documentOf({
        type: 'secure_url_tokens',
        id: sourceIds.first,
        attributes: { token: 'ffff0000ffff0000' },
      }),
    });
    const { user } = renderApp(`/sources/${sourceIds.first}`);

    const secure = await screen.findByRole('region', { name: 'Secure URLs' });
    expect(within(secure).getByLabelText('Secure URL token')).toHaveTextContent('••••beef');
    await user.click(within(secure).getByRole('button', { name: 'Show token' }));
    await waitFor(() =>
      expect(within(secure).getByLabelText('Secure URL token')).toHaveTextContent(
        'abcd1234deadbeef',
      ),
    );
    expect(within(secure).getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    await user.click(within(secure).getByRole('button', { name: 'Regenerate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Regenerate the secure URL token?' });
    await user.click(within(confirm).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() =>
      expect(within(section('Secure URLs')).getByLabelText('Secure URL token')).toHaveTextContent(
        'ffff0000ffff0000',
      ),
    );
  });

  it('offers "Require signed URLs" only on a plan that includes them, as the server enforces', async () => {
    const planOf = (basePrice: number) => ({
      body: documentOf({
        type: 'account_plans',
        id: 'account',
        attributes: { base_price: basePrice, plan_type: basePrice > 0 ? 'Starter' : 'Free' },
      }),
    });
    const api = mockConfigApi();
    api.on('GET /api/v4/account/plan', planOf(0));
    const { unmount } = renderApp(`/sources/${sourceIds.first}`);
    const secure = await screen.findByRole('region', { name: 'Secure URLs' });
    const box = within(secure).getByRole('switch', { name: 'Require signed URLs' });
    await waitFor(() => expect(box).toBeDisabled());
    expect(box).toHaveAccessibleDescription(
      'Your plan does not include secure URLs: a paid plan turns them on.',
    );
    unmount();

    api.on('GET /api/v4/account/plan', planOf(1900));
    renderApp(`/sources/${sourceIds.first}`);
    const paid = await screen.findByRole('region', { name: 'Secure URLs' });
    await waitFor(() =>
      expect(within(paid).getByRole('switch', { name: 'Require signed URLs' })).toBeEnabled(),
    );
  });

  it('shows the demo source read-only', async () => {
    mockConfigApi(sourceResource(sourceIds.demo, 'demo', { demo: true }));
    renderApp(`/sources/${sourceIds.demo}`);

    expect(await screen.findByText(/This is the demo source/)).toBeInTheDocument();
    expect(within(section('Caching')).getByLabelText('TTL (seconds)')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable source' })).toBeNull();
    expect(screen.queryByText(/Upgrade your plan/)).toBeNull();
  });

  it('shows the settings read-only to a user without the Sources group, saying why', async () => {
    const api = mockConfigApi();
    setSession(sessionWith(userSession, ['asset_manager_edit']));
    renderApp(`/sources/${sourceIds.first}`);

    expect(
      await screen.findByText(
        "Changing this source's settings needs the Sources permission group — ask an Account Admin.",
      ),
    ).toBeInTheDocument();
    expect(within(section('Caching')).getByLabelText('TTL (seconds)')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable source' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show token' })).toBeNull();
    expect(screen.queryByText(/Upgrade your plan/)).toBeNull();
    expect(api.requestsTo('GET /api/v4/billing/subscription')).toEqual([]);
  });

  it('says who may upgrade, and uploads nothing, for the groups a user lacks', async () => {
    const managed = sourceResource(sourceIds.first, 'photos', {
      production: { type: 'darkroom_storage' },
    });
    const api = mockConfigApi(managed);
    setSession(sessionWith(userSession, ['sources']));
    renderApp(`/sources/${sourceIds.first}`);

    expect(
      await screen.findByText(
        'Uploading files to this source needs the Asset Manager Edit permission group — ask an Account Admin.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Files' })).toBeNull();
    // Sources changes the settings; the plans are Billing's, so the card names who upgrades.
    expect(screen.getByRole('button', { name: 'Disable source' })).toBeEnabled();
    expect(screen.getAllByText(/Upgrading needs the Billing permission group/)).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'View plans' })).toBeNull();
    expect(api.requestsTo('GET /api/v4/billing/subscription')).toEqual([]);
  });

  it('shows the deployment error of a failed source and polls a deploying one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = mockConfigApi(
        sourceResource(sourceIds.first, 'photos', { deployment_status: 'deploying' }),
      );
      renderApp(`/sources/${sourceIds.first}`);
      expect(await screen.findByText('Deploying')).toBeInTheDocument();
      api.on(`GET /api/v4/sources/${sourceIds.first}`, {
        body: documentOf(
          sourceResource(sourceIds.first, 'photos', {
            deployment_status: 'failed',
            deployment_error: 'The bucket does not exist.',
          }),
        ),
      });
      await vi.advanceTimersByTimeAsync(3500);
      expect(await screen.findByText('The bucket does not exist.')).toBeInTheDocument();
      expect(screen.getByText('Deployment failed')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when the source does not exist', async () => {
    const api = mockConfigApi();
    api.on(`GET /api/v4/sources/${sourceIds.second}`, errorReply(404, [{ code: 'not_found' }]));
    renderApp(`/sources/${sourceIds.second}`);
    expect(await screen.findByText('Source not found')).toBeInTheDocument();
  });

  it('disables the source after confirmation, and enables it again', async () => {
    const source = sourceResource(sourceIds.first, 'photos');
    const { api, user } = await openSourcePage(source);
    const sent = acceptPatches(api, source);

    await user.click(screen.getByRole('button', { name: 'Disable source' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disable photos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Disable source' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable photos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable source' }));
    expect(await screen.findByText('Source disabled')).toBeInTheDocument();
    expect(sent).toEqual([{ enabled: false }]);
    expect(await screen.findByText('Disabled')).toBeInTheDocument();

    api.on(`GET /api/v4/sources/${sourceIds.first}`, {
      body: documentOf(sourceResource(sourceIds.first, 'photos', { enabled: false })),
    });
    acceptPatches(api, sourceResource(sourceIds.first, 'photos', { enabled: false }));
    await user.click(await screen.findByRole('button', { name: 'Enable source' }));
    dialog = await screen.findByRole('dialog', { name: 'Enable photos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Enable source' }));
    expect(await screen.findByText('Source enabled')).toBeInTheDocument();
  });

  it('shows http delivery URLs for a localhost delivery domain and opens a sample in a new tab', async () => {
    const { user } = await openSourcePage(sourceResource(sourceIds.first, 'photos'), {
      deliveryDomain: 'localhost:8080',
    });

    expect(screen.getByRole('link', { name: 'http://photos.localhost:8080' })).toHaveAttribute(
      'target',
      '_blank',
    );
    const sample = section('Try a delivery URL');
    expect(within(sample).queryByRole('link', { name: /Open in a new tab/ })).toBeNull();
    await user.type(within(sample).getByLabelText('File path'), 'products/red shoe.png');
    const open = within(sample).getByRole('link', { name: /Open in a new tab/ });
    expect(open).toHaveAttribute(
      'href',
      'http://photos.localhost:8080/products/red%20shoe.png?w=600&auto=format',
    );
    expect(open).toHaveAttribute('target', '_blank');
  });

  it('keeps https for a real delivery domain and offers the demo source a working sample', async () => {
    await openSourcePage(sourceResource(sourceIds.demo, 'demo', { demo: true }));
    expect(screen.getByRole('link', { name: 'https://demo.img.example' })).toBeInTheDocument();
    expect(
      within(section('Try a delivery URL')).getByRole('link', { name: /Open in a new tab/ }),
    ).toHaveAttribute('href', 'https://demo.img.example/astronaut.png?w=600&auto=format');
  });

  it('signs the sample through the server while secure URLs are on, and offers none for web proxies', async () => {
    const signed = sourceResource(sourceIds.first, 'photos');
    signed.attributes.secure_url_enabled = true;
    const { api, user, unmount } = await openSourcePage(signed);
    api.on(`POST /api/v4/sources/${sourceIds.first}/signed-urls`, (request) => {
      const { paths } = (request.body as { data: { attributes: { paths: string[] } } }).data
        .attributes;
      return {
        body: documentOf({
          type: 'signed_urls',
          id: sourceIds.first,
          attributes: {
            signed: true,
            urls: paths.map((path) => ({ path, signed_path: `${path}&s=${'a'.repeat(32)}` })),
          },
        }),
      };
    });
    const sample = section('Try a delivery URL');
    await user.type(within(sample).getByLabelText('File path'), 'shoe.png');
    const signedUrl = `https://photos.img.example/shoe.png?w=600&auto=format&s=${'a'.repeat(32)}`;
    expect(await within(sample).findByText(signedUrl)).toBeInTheDocument();
    expect(within(sample).getByRole('link', { name: /Open in a new tab/ })).toHaveAttribute(
      'href',
      signedUrl,
    );
    // Typing pauses before signing: one request for the whole path, not one per key.
    expect(api.requestsTo(`POST /api/v4/sources/${sourceIds.first}/signed-urls`)).toHaveLength(1);
    unmount();

    await openSourcePage(
      sourceResource(sourceIds.second, 'proxy', {
        production: { type: 'webproxy', webproxy_info: null },
      }),
    );
    expect(screen.queryByRole('region', { name: 'Try a delivery URL' })).toBeNull();
  });
});
