import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signInThroughUi, signUpThroughUi } from '../support/flows.ts';

const JSONAPI = 'application/vnd.api+json';
const DEMO_SOURCE_ID = '0'.repeat(24);
// The shared app has no generative provider (GENERATIVE_API_URL unset): background replacement,
// generative fill and object replacement cannot run on it, whatever an account is granted.
const OPERATOR_MESSAGE =
  'Not available on this server. Needs a generative image provider (GENERATIVE_API_URL). The operator of this Darkroom install can configure it.';
// A background removal is a job of the real model on two shared cores.
const RENDER_TIMEOUT_MS = 120_000;

// Honest premium states (editor spec sections 2 and 3): what this server cannot run says what the
// operator must configure, a plan the account lacks shows the paywall naming the plan, an install
// administrator grants capabilities from the accounts screen, and an AI render keeps the user
// informed while it runs.
describe('premium states in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');

  async function newCustomer(page: Page, label: string, company = 'Lens Works') {
    await signUpThroughUi(page, {
      company,
      name: 'Grace Hopper',
      email: uniqueEmail(label),
      password: 'a-long-password',
    });
    return page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('darkroom.session') ?? '{}') as {
          token: string;
          accountId: string;
        },
    );
  }

  it('says what the operator must configure for a tool this server cannot run, without a paywall', async () => {
    const { page } = await newPage(browser(), baseUrl);
    await newCustomer(page, 'unavailable');
    await page.goto(`/assets/${DEMO_SOURCE_ID}/coffee.png/editing`);
    // The controls wait while the preview loads.
    await page.getByRole('img', { name: 'coffee.png', exact: true }).waitFor({ timeout: 60_000 });
    const replace = page.getByRole('switch', { name: 'Background Replace' });
    await replace.waitFor();
    expect(await replace.isDisabled()).toBe(true);
    expect(
      await page.getByText(OPERATOR_MESSAGE).filter({ visible: true }).count(),
    ).toBeGreaterThanOrEqual(2);
    const fill = page.getByRole('button', { name: /Generative Fill/ });
    expect(await fill.isDisabled()).toBe(true);
    // The tools it can run stay as they were.
    expect(await page.getByRole('switch', { name: 'Background Removal' }).isEnabled()).toBe(true);
    await screenshot(page, 'premium-unavailable-on-server');

    // Clicking the disabled controls opens no paywall: no plan would help.
    await replace.click({ force: true });
    await fill.click({ force: true });
    expect(await page.getByRole('dialog', { name: 'Unlock Premium Features' }).count()).toBe(0);

    // The object tool offers removal, and says why Replace is not offered.
    await page.getByRole('button', { name: /Object Removal & Replacement/ }).click();
    const panel = page.getByRole('complementary', { name: 'Object removal and replacement' });
    await panel.waitFor();
    expect(await panel.getByRole('radio', { name: 'Replace' }).isDisabled()).toBe(true);
    await panel.getByText(`Replace: ${OPERATOR_MESSAGE}`).waitFor();
    expect(await panel.getByRole('radio', { name: 'Remove' }).isChecked()).toBe(true);
    await screenshot(page, 'object-tool-replace-unavailable');
  });

  it(
    'shows the paywall naming the plan, and the tool once an administrator grants it',
    { timeout: 180_000 },
    async () => {
      const company = `Aardvark Imaging ${Date.now().toString(36)}`;
      const customer = await newPage(browser(), baseUrl);
      const session = await newCustomer(customer.page, 'granted', company);
      await setCapabilitiesThroughApi(baseUrl, session.accountId, []);
      const sourceId = await createS3Source(baseUrl, session.token, inject('origins').s3);

      const editor = `/assets/${sourceId}/coffee.png/editing`;
      const preview = customer.page.getByRole('img', { name: 'coffee.png', exact: true });
      await customer.page.goto(editor);
      await preview.waitFor({ timeout: 60_000 });
      await customer.page.getByRole('switch', { name: 'Super Resolution' }).click();
      const paywall = customer.page.getByRole('dialog', { name: 'Unlock Premium Features' });
      await paywall
        .getByText(
          'Super resolution is not included in your plan. It is included in the Growth plan.',
        )
        .waitFor();
      await screenshot(customer.page, 'premium-paywall-names-plan');
      await paywall.getByRole('button', { name: 'Close' }).click();

      // The install administrator grants it on the accounts screen.
      const operator = await newPage(browser(), baseUrl);
      await signInThroughUi(operator.page, inject('adminEmail'), inject('adminPassword'));
      await operator.page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();
      await operator.page.getByRole('link', { name: 'Admin: accounts' }).first().click();
      await operator.page.getByRole('heading', { name: 'Admin: accounts' }).waitFor();
      const row = operator.page.getByRole('row').filter({ hasText: company });
      await row.getByText('Free').waitFor();
      await row.getByRole('button', { name: `Edit capabilities of ${company}` }).click();
      const dialog = operator.page.getByRole('dialog', { name: `Capabilities of ${company}` });
      await dialog.getByRole('checkbox', { name: 'Super resolution' }).check();
      await screenshot(operator.page, 'admin-accounts-capabilities-dialog');
      await dialog.getByRole('button', { name: 'Save capabilities' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row.getByText('Super resolution').waitFor();
      await screenshot(operator.page, 'admin-accounts');
      await operator.context.close();

      // The customer's editor now runs it: the switch turns on, no paywall.
      await customer.page.goto(editor);
      await preview.waitFor({ timeout: 60_000 });
      const superResolution = customer.page.getByRole('switch', { name: 'Super Resolution' });
      await superResolution.click();
      await expect.poll(() => superResolution.isChecked()).toBe(true);
      expect(
        await customer.page.getByRole('dialog', { name: 'Unlock Premium Features' }).count(),
      ).toBe(0);
      await customer.context.close();
    },
  );

  it(
    'shows the time an AI render has taken over the previous image, and Cancel restores it',
    { timeout: 180_000 },
    async () => {
      const { page } = await newPage(browser(), baseUrl);
      await newCustomer(page, 'cancel');
      // A width no other spec renders, so the background removal is a new job.
      const width = 200 + (Date.now() % 97);
      await page.goto(`/assets/${DEMO_SOURCE_ID}/coffee.png/editing?w=${width}`);
      const image = page.getByRole('img', { name: 'coffee.png', exact: true });
      await expect
        .poll(() => image.getAttribute('src'), { timeout: 60_000 })
        .toMatch(new RegExp(`[?&]w=${width}$`));

      await page.getByRole('switch', { name: 'Background Removal' }).click();
      await page.getByText('Rendering with AI…').waitFor({ timeout: 60_000 });
      const previous = page.getByRole('img', {
        name: 'coffee.png (previous version, while the new one renders)',
      });
      expect(await previous.getAttribute('src')).toMatch(new RegExp(`[?&]w=${width}$`));
      await page.getByText(/\d+ s elapsed/).waitFor();
      await page.getByText(/[1-9]\d* s elapsed/).waitFor({ timeout: 20_000 });
      await screenshot(page, 'editor-ai-render-waiting');

      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('bg-remove')).toBeNull();
      expect(new URL(page.url()).searchParams.get('w')).toBe(String(width));
      await expect
        .poll(() => image.getAttribute('src'), { timeout: RENDER_TIMEOUT_MS })
        .toMatch(new RegExp(`[?&]w=${width}$`));
      expect(await page.getByText('Rendering with AI…').count()).toBe(0);
      expect(await page.getByRole('switch', { name: 'Background Removal' }).isChecked()).toBe(
        false,
      );
      await screenshot(page, 'editor-ai-render-cancelled');
    },
  );
});

async function api<T>(
  baseUrl: string,
  token: string | null,
  path: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v4${path}`, {
    method,
    headers: {
      accept: JSONAPI,
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': JSONAPI }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** New accounts get every installed capability (DEFAULT_CAPABILITIES=all): start from `grants`. */
async function setCapabilitiesThroughApi(
  baseUrl: string,
  accountId: string,
  capabilities: readonly string[],
) {
  const admin = await api<{ data: { attributes: { token: string } } }>(baseUrl, null, '/sessions', {
    data: {
      type: 'sessions',
      attributes: { email: inject('adminEmail'), password: inject('adminPassword') },
    },
  });
  await api(
    baseUrl,
    admin.data.attributes.token,
    `/admin/accounts/${accountId}`,
    { data: { type: 'accounts', id: accountId, attributes: { capabilities } } },
    'PATCH',
  );
}

/** An S3 source on the test s3rver holding coffee.png, deployed and indexed, CORS on. */
async function createS3Source(
  baseUrl: string,
  token: string,
  s3: { accessKey: string; secretKey: string; bucket: string },
): Promise<string> {
  const name = `states-${Date.now().toString(36)}`;
  const created = await api<{ data: { id: string } }>(baseUrl, token, '/sources', {
    data: {
      type: 'sources',
      attributes: {
        name,
        production: {
          type: 's3',
          aws_access_key: s3.accessKey,
          aws_secret_key: s3.secretKey,
          aws_bucket: s3.bucket,
          darkroom_subdomains: [name],
          crossdomain_cors_enabled: true,
        },
      },
    },
  });
  const sourceId = created.data.id;
  await expect
    .poll(
      async () =>
        (
          await api<{ data: { attributes: { deployment_status: string } } }>(
            baseUrl,
            token,
            `/sources/${sourceId}`,
          )
        ).data.attributes.deployment_status,
      { timeout: 30_000, interval: 500 },
    )
    .toBe('deployed');
  await expect
    .poll(
      async () =>
        (
          await fetch(`${baseUrl}/api/v4/assets/${sourceId}/coffee.png`, {
            headers: { accept: JSONAPI, authorization: `Bearer ${token}` },
          })
        ).status,
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe(200);
  return sourceId;
}
