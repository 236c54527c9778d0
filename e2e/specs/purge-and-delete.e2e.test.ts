import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

const samplePng = fileURLToPath(
  new URL('../../packages/server/demo-images/coffee.png', import.meta.url),
);

/** The wizard's Darkroom Storage path; ends on the new source's page, answering its id. */
async function createManagedSource(page: Page): Promise<string> {
  await page.goto('/sources/new');
  await page.getByRole('heading', { name: 'How do you store your media?' }).waitFor();
  await page.getByRole('button', { name: 'Use Darkroom Storage' }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('heading', { name: 'Keep your files on Darkroom' }).waitFor();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const deploy = page.getByRole('button', { name: 'Deploy Source' });
  await expect.poll(() => deploy.isEnabled(), { timeout: 15_000 }).toBe(true);
  await deploy.click();
  await page.getByRole('button', { name: 'Go to my source' }).click();
  await page.waitForURL(/\/sources\/[0-9a-f]{24}$/);
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

/** Uploads the sample image from the asset manager and opens its page. */
async function uploadAndOpen(page: Page, sourceId: string) {
  await page.goto(`/assets?source=${sourceId}`);
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Upload files' }).click(),
  ]);
  await chooser.setFiles(samplePng);
  const tile = page.getByRole('list', { name: 'Assets' }).getByRole('link', { name: 'coffee.png' });
  await tile.waitFor({ timeout: 15_000 });
  await tile.click();
  await page.getByRole('heading', { level: 1, name: 'coffee.png' }).waitFor();
}

describe('purge and delete in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');

  it('purges an asset from its page, sees it in the history, and hides it with a marker', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpThroughUi(page, {
      company: 'Purge Works',
      name: 'Radia Perlman',
      email: uniqueEmail('radia'),
      password: 'a-long-password',
    });
    const sourceId = await createManagedSource(page);
    await uploadAndOpen(page, sourceId);

    await page.getByRole('button', { name: 'Purge cache' }).click();
    await page.getByText('Cache purged').waitFor();

    await page.getByRole('link', { name: 'Purge', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Purge' }).waitFor();
    const history = page.getByRole('table', { name: 'Purge history' });
    await history.waitFor();
    const rows = history.getByRole('row');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).textContent()).toMatch(/\/coffee\.png.*Radia Perlman.*Done/);

    // A prefix purge of the whole source, from the Purge screen.
    await page.getByRole('radio', { name: /A path prefix/ }).check();
    await page.getByLabel('Path prefix', { exact: true }).fill('/');
    await page.getByRole('button', { name: 'Purge', exact: true }).click();
    await page.getByText('Purged', { exact: true }).waitFor();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).textContent()).toContain('/ (path prefix)');
    await screenshot(page, 'purges-history-desktop');

    // Hidden: the asset page marks it, and so does the grid once it shows hidden assets.
    await page.goto(`/assets?source=${sourceId}`);
    await page
      .getByRole('list', { name: 'Assets' })
      .getByRole('link', { name: 'coffee.png' })
      .click();
    await page.getByRole('button', { name: 'Hide image' }).click();
    await page.getByText('Image hidden').waitFor();
    await page.getByText('Hidden', { exact: true }).first().waitFor();
    await screenshot(page, 'asset-page-hidden-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'asset-page-hidden-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('link', { name: 'All assets' }).click();
    await page.getByRole('combobox', { name: 'Visibility' }).click();
    await page.getByRole('option', { name: 'Hidden', exact: true }).click();
    const hiddenTile = page
      .getByRole('list', { name: 'Assets' })
      .getByRole('link', { name: /coffee\.png/ });
    await hiddenTile.waitFor();
    expect(await hiddenTile.textContent()).toContain('Hidden');

    await page.setViewportSize(PHONE);
    await page.goto('/purges');
    await page.getByRole('list', { name: 'Purge history' }).waitFor();
    await screenshot(page, 'purges-history-phone');
    await context.close();
  });

  it('deletes a source only once its subdomain is typed', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpThroughUi(page, {
      company: 'Delete Works',
      name: 'Frances Allen',
      email: uniqueEmail('frances'),
      password: 'a-long-password',
    });
    const sourceId = await createManagedSource(page);
    const sourceName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';

    await page.getByRole('button', { name: 'Delete source', expanded: false }).click();
    await page
      .getByRole('region', { name: 'Delete source' })
      .getByRole('button', { name: 'Delete source' })
      .click();
    const dialog = page.getByRole('dialog', { name: `Delete ${sourceName}?` });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete source' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/^Type .* to confirm$/).fill(`${sourceName}x`);
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/^Type .* to confirm$/).fill(sourceName);
    await screenshot(page, 'delete-source-dialog-desktop');
    await confirm.click();
    await page.waitForURL('**/sources');
    await page.getByText('Source deleted').waitFor();

    await page.goto(`/sources/${sourceId}`);
    await page.getByText('Source not found').waitFor();
    await context.close();
  });
});
