import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

const sampleImage = readFileSync(
  fileURLToPath(new URL('../../packages/server/demo-images/coffee.png', import.meta.url)),
);

/** The wizard's Amazon S3 path against the test S3 server; ends on the deployed source page. */
async function createS3Source(
  page: Page,
  keys: { accessKey: string; secretKey: string; bucket: string },
) {
  await page.goto('/sources/new');
  await page.getByRole('heading', { name: 'How do you store your media?' }).waitFor();
  await page.getByRole('radio', { name: /^Amazon S3/ }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Access Key ID', { exact: true }).fill(keys.accessKey);
  await page.getByLabel('Secret Access Key', { exact: true }).fill(keys.secretKey);
  await page.getByLabel('Bucket Name').fill(keys.bucket);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const deploy = page.getByRole('button', { name: 'Deploy Source' });
  await deploy.waitFor();
  await expect.poll(() => deploy.isEnabled(), { timeout: 15_000 }).toBe(true);
  await deploy.click();
  await page.getByRole('dialog', { name: 'Your source has been created' }).waitFor();
  await page.getByRole('button', { name: 'Go to my source' }).click();
  await page.waitForURL(/\/sources\/[0-9a-f]{24}$/);
  await page.getByText('Deployed', { exact: true }).first().waitFor({ timeout: 30_000 });
}

describe('uploads into the customer’s own storage in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');
  const origins = inject('origins');

  it('sets upload credentials on an S3 source, uploads from the asset manager and serves the file', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpThroughUi(page, {
      company: 'Own Bucket Ltd',
      name: 'Grace Hopper',
      email: uniqueEmail('grace'),
      password: 'a-long-password',
    });
    await createS3Source(page, origins.s3);
    const sourceId = /\/sources\/([0-9a-f]{24})$/.exec(page.url())?.[1] ?? '';

    // Without upload credentials the asset manager says why it cannot upload, and where to fix it.
    await page.goto(`/assets?source=${sourceId}`);
    await page.getByText(/Uploads are off: this source is read-only/).waitFor();
    expect(await page.getByRole('button', { name: 'Upload files' }).count()).toBe(0);
    await screenshot(page, 'customer-upload-read-only-desktop');
    await page.getByRole('link', { name: 'Add upload credentials' }).click();
    await page.waitForURL(`**/sources/${sourceId}`);

    const section = page.getByRole('region', { name: 'Upload credentials' });
    await section.getByText('Read-only.', { exact: true }).waitFor();
    // A wrong secret is refused by the write check, in the spec's words.
    await section.getByLabel('Upload access key').fill(origins.s3.accessKey);
    await section.getByLabel('Upload secret key').fill(`${origins.s3.secretKey.slice(0, -4)}XXXX`);
    await section.getByRole('button', { name: 'Check and save' }).click();
    await section
      .getByRole('alert')
      .filter({ hasText: 'These upload credentials are not valid. Verify them and try again.' })
      .waitFor();
    await section.getByLabel('Upload secret key').fill(origins.s3.secretKey);
    await section.getByRole('button', { name: 'Check and save' }).click();
    await section.getByText('Uploads on.', { exact: true }).waitFor();
    expect(await section.getByText(origins.s3.secretKey).count()).toBe(0);
    // The section renders again once its saved state arrives: scroll once it holds still.
    await expect
      .poll(() =>
        section.scrollIntoViewIfNeeded().then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
    await screenshot(page, 'customer-upload-credentials-saved-desktop');

    // The asset manager now uploads into the bucket, into a folder, and the grid shows the file.
    const name = `upload-${Date.now()}.png`;
    await page.goto(`/assets?source=${sourceId}`);
    await page.getByRole('button', { name: 'Upload files' }).waitFor();
    await page.getByLabel('Upload into folder').fill('uploads');
    await page.getByLabel('Files to upload').setInputFiles({
      name,
      mimeType: 'image/png',
      buffer: sampleImage,
    });
    const grid = page.getByRole('list', { name: 'Assets' });
    await grid.getByRole('link', { name, exact: true }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'customer-upload-grid-desktop');

    // Delivered from the customer's bucket.
    const deliveryHost = new URL(
      (await grid.getByRole('link', { name, exact: true }).locator('img').getAttribute('src')) ??
        '',
    ).origin;
    const imagePage = await context.newPage();
    const response = await imagePage.goto(`${deliveryHost}/uploads/${name}?w=100&fm=png`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toBe('image/png');
    expect(await imagePage.evaluate(() => document.images[0]?.naturalWidth)).toBe(100);

    await page.setViewportSize(PHONE);
    await screenshot(page, 'customer-upload-grid-phone');
    await page.goto(`/sources/${sourceId}`);
    const credentials = page.getByRole('region', { name: 'Upload credentials' });
    await expect
      .poll(() =>
        credentials.scrollIntoViewIfNeeded().then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
    await screenshot(page, 'customer-upload-credentials-phone');
    await context.close();
  });
});
