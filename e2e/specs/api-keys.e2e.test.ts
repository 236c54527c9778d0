import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, PHONE, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';
import { checkLayoutAtWidths } from '../support/layout.ts';

/** The status of a request the page's own browser sends with `key` as its bearer token. */
function statusWithKey(page: Page, path: string, key: string): Promise<number> {
  return page.evaluate(
    async ({ path, key }) => {
      const response = await fetch(path, {
        headers: { Authorization: `Bearer ${key}`, Accept: 'application/vnd.api+json' },
        credentials: 'omit',
      });
      return response.status;
    },
    { path, key },
  );
}

describe('API keys in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');

  it('creates a key shown once, which works within its groups until revoked, and is audited', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpThroughUi(page, {
      company: 'Meridian Prints',
      name: 'Mary Jackson',
      email: uniqueEmail('mary'),
      password: 'a-long-password',
    });

    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByText('No API keys yet').waitFor();
    await page.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('dialog', { name: 'Create API key' });
    await form.getByLabel('Name').fill('Deploy script');
    await form.getByRole('checkbox', { name: 'Sources' }).check();
    await form.getByRole('button', { name: 'Create key' }).click();

    // The key is readable once, in the dialog that follows.
    const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
    await shown.getByText('It will not be shown again').waitFor();
    const key = await shown.getByLabel('API key “Deploy script”').inputValue();
    expect(key).toMatch(/^drk_key_[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'api-key-created-desktop');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Deploy script/ });
    await row.getByText(`drk_key_…${key.slice(-4)}`).waitFor();
    expect(await page.content()).not.toContain(key);

    // Within its groups the key works; outside them it is refused.
    expect(await statusWithKey(page, '/api/v4/sources', key)).toBe(200);
    expect(await statusWithKey(page, '/api/v4/users', key)).toBe(403);
    await page.reload();
    await row.getByText(/just now|1 minute ago/).waitFor();
    await screenshot(page, 'api-keys-desktop');
    await checkLayoutAtWidths(
      page,
      'api-keys',
      page.getByRole('heading', { name: 'API keys', level: 1 }),
    );

    await row.getByRole('button', { name: 'Revoke Deploy script' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Deploy script?' });
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('API key revoked').waitFor();
    expect(await statusWithKey(page, '/api/v4/sources', key)).toBe(401);

    // The log names the key by its creation and by its use, filtered to the use.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Used an API key' }).click();
    await page.waitForURL(/\/audit-log\?action=api_key\.used$/);
    // The rows before the filter stay until the filtered ones arrive: one use, under the header.
    await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await page
      .getByRole('row', { name: /Used an API key/ })
      .getByText('API key “Deploy script”')
      .waitFor();
    await screenshot(page, 'audit-log-key-use-desktop');

    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Created an API key' }).click();
    await page.waitForURL(/\/audit-log\?action=api_key\.created$/);
    const created = page.getByRole('row', { name: /Created an API key/ });
    await created.getByText('Mary Jackson').waitFor();
    await created.getByText('API key “Deploy script”').waitFor();
    await created.getByText('Groups: Sources').waitFor();

    // The filtered view is a link: opened afresh, here on a phone, it shows the same.
    await page.setViewportSize(PHONE);
    await page.goto(page.url());
    await page
      .getByRole('list', { name: 'Audit events' })
      .getByText('Created an API key')
      .waitFor();
    await screenshot(page, 'audit-log-key-created-phone');

    // The whole log (sign-up, the key's creation, use and revocation) on a laptop and a phone.
    await page.goto('/audit-log');
    await page
      .getByRole('list', { name: 'Audit events' })
      .getByText('Revoked an API key')
      .waitFor();
    await checkLayoutAtWidths(
      page,
      'audit-log',
      page.getByRole('heading', { name: 'Audit log', level: 1 }),
    );
    await context.close();
  });
});
