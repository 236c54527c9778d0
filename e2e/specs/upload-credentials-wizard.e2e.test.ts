import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  newPage,
  screenshot,
  uniqueEmail,
  useChromium,
} from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

const sampleImage = readFileSync(
  fileURLToPath(new URL('../../packages/server/demo-images/coffee.png', import.meta.url)),
);

// Spec platform section 8, for keys the storage does not accept.
const INVALID_UPLOAD_CREDENTIALS =
  'These upload credentials are not valid. Verify them and try again.';

describe('upload credentials in the new-source wizard', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');
  const origins = inject('origins');

  it('proves them on step 2, keeps every value on a refusal, and the new source takes uploads', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpThroughUi(page, {
      company: 'Wizard Uploads Ltd',
      name: 'Katherine Johnson',
      email: uniqueEmail('katherine'),
      password: 'a-long-password',
    });
    const { accessKey, secretKey, bucket } = origins.s3;
    const wrongSecret = `${secretKey.slice(0, -4)}XXXX`;

    await page.goto('/sources/new');
    await page.getByRole('heading', { name: 'How do you store your media?' }).waitFor();
    await page.getByRole('radio', { name: /^Amazon S3/ }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Access Key ID', { exact: true }).fill(accessKey);
    await page.getByLabel('Secret Access Key', { exact: true }).fill(secretKey);
    await page.getByLabel('Bucket Name').fill(bucket);

    const toggle = page.getByRole('button', { name: 'Upload credentials (optional)' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const group = page.getByRole('region', { name: 'Upload credentials (optional)' });
    await group.getByText(/Without them the source is read-only/).waitFor();

    // One key without the other is refused inline, before anything is sent.
    await group.getByLabel('Upload access key').fill(accessKey);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await group.getByText('Upload credentials need both an access key and a secret key.').waitFor();

    // A wrong secret is refused by the write check, on this step, with every value kept.
    await group.getByLabel('Upload secret key').fill(wrongSecret);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await group.getByRole('alert').filter({ hasText: INVALID_UPLOAD_CREDENTIALS }).waitFor();
    await screenshot(page, 'wizard-upload-credentials-refused-desktop');
    expect(await group.getByLabel('Upload access key').inputValue()).toBe(accessKey);
    expect(await group.getByLabel('Upload secret key').inputValue()).toBe(wrongSecret);
    expect(await page.getByLabel('Bucket Name').inputValue()).toBe(bucket);
    expect(await page.getByLabel('Access Key ID', { exact: true }).inputValue()).toBe(accessKey);
    await page.setViewportSize(PHONE);
    await group.scrollIntoViewIfNeeded();
    await screenshot(page, 'wizard-upload-credentials-refused-phone');
    await page.setViewportSize(DESKTOP);

    await group.getByLabel('Upload secret key').fill(secretKey);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const deploy = page.getByRole('button', { name: 'Deploy Source' });
    await deploy.waitFor();
    await expect.poll(() => deploy.isEnabled(), { timeout: 15_000 }).toBe(true);
    await deploy.click();
    await page.getByRole('dialog', { name: 'Your source has been created' }).waitFor();
    await page.getByRole('button', { name: 'Go to my source' }).click();
    await page.waitForURL(/\/sources\/[0-9a-f]{24}$/);
    const sourceId = /\/sources\/([0-9a-f]{24})$/.exec(page.url())?.[1] ?? '';

    // Saved with the source, shown masked only.
    const section = page.getByRole('region', { name: 'Upload credentials' });
    await section.getByText('Uploads on.', { exact: true }).waitFor();
    expect(await page.getByText(secretKey).count()).toBe(0);

    // The asset manager uploads into the bucket, and the grid shows the file.
    const name = `wizard-${Date.now()}.png`;
    await page.goto(`/assets?source=${sourceId}`);
    await page.getByRole('button', { name: 'Upload files' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Files to upload').setInputFiles({
      name,
      mimeType: 'image/png',
      buffer: sampleImage,
    });
    const grid = page.getByRole('list', { name: 'Assets' });
    await grid.getByRole('link', { name, exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(/Uploads are off/).count()).toBe(0);
    await context.close();
  });
});
