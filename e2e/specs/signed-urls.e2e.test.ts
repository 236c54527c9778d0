import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi, upgradePlanThroughUi } from '../support/flows.ts';

const samplePng = fileURLToPath(
  new URL('../../packages/server/demo-images/coffee.png', import.meta.url),
);

/** A signed delivery URL: `s` with 32 hex digits. */
const SIGNED = /[?&]s=[0-9a-f]{32}(&|\s|$)/;

function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Waits until the image has loaded pixels (a refused URL never does). */
async function expectLoaded(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
}

/**
 * The status delivery answers for `url`. Only Chromium resolves `*.localhost` to this machine, so
 * the request goes to loopback with the URL's host in `Host` (a navigation could not read a
 * download's status, and a fetch from the dashboard's origin could not read any).
 */
async function statusOf(context: BrowserContext, url: string): Promise<number> {
  const target = new URL(url);
  const host = target.host;
  target.hostname = '127.0.0.1';
  const response = await context.request.get(target.href, { headers: { host } });
  await response.dispose();
  return response.status();
}

/** The URL without its signature: `s` is the last parameter. */
function unsigned(url: string): string {
  return url.replace(/[?&]s=[0-9a-f]{32}$/, '');
}

describe('a source that requires signed URLs, in the dashboard', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');

  it('is plan-gated, and once on every thumbnail, preview and copied URL is signed', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const deliveries: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('.localhost:'))
        deliveries.push(`${response.status()} ${response.url()}`);
    });
    await signUpThroughUi(page, {
      company: 'Lockbox Images',
      name: 'Radia Perlman',
      email: uniqueEmail('radia'),
      password: 'a-long-password',
    });

    // A Darkroom Storage source with one image.
    await page.goto('/sources/new');
    await page.getByRole('button', { name: 'Use Darkroom Storage' }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: 'Keep your files on Darkroom' }).waitFor();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const deploy = page.getByRole('button', { name: 'Deploy Source' });
    await expect.poll(() => deploy.isEnabled(), { timeout: 15_000 }).toBe(true);
    await deploy.click();
    await page.getByRole('button', { name: 'Go to my source' }).click();
    await page.waitForURL(/\/sources\/[0-9a-f]{24}$/);
    const sourcePath = new URL(page.url()).pathname;
    const sourceId = sourcePath.split('/').at(-1) ?? '';

    // On the Free plan the switch follows the gate the server enforces.
    const secure = page.getByRole('region', { name: 'Secure URLs' });
    const requireSigned = secure.getByRole('switch', { name: 'Require signed URLs' });
    await expect.poll(() => requireSigned.isDisabled(), { timeout: 15_000 }).toBe(true);
    await secure
      .getByText('Your plan does not include secure URLs: a paid plan turns them on.')
      .waitFor();

    await upgradePlanThroughUi(page, 'Starter');
    await page.goto(sourcePath);
    await expect.poll(() => requireSigned.isEnabled(), { timeout: 15_000 }).toBe(true);
    await requireSigned.click();
    await page.getByText('Secure URLs turned on').waitFor();
    await expect.poll(() => requireSigned.getAttribute('aria-checked')).toBe('true');

    await page.goto(`/assets?source=${sourceId}`);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Upload files' }).click(),
    ]);
    await chooser.setFiles(samplePng);
    await page
      .getByRole('list', { name: 'Uploads' })
      .getByText(/^Uploaded, /)
      .waitFor({ timeout: 15_000 });

    // The thumbnail is signed (1x and 2x) and loads.
    await page.reload();
    const tile = page
      .getByRole('list', { name: 'Assets' })
      .getByRole('link', { name: 'coffee.png' });
    await tile.waitFor({ timeout: 15_000 });
    const thumbnail = tile.locator('img');
    await expectLoaded(thumbnail).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${deliveries.join('\n')}`);
    });
    // The dashboard's own marker (kept out of the customer's metrics) may follow the signature.
    expect(await thumbnail.getAttribute('src')).toMatch(SIGNED);
    for (const candidate of ((await thumbnail.getAttribute('srcset')) ?? '').split(', ')) {
      expect(candidate).toMatch(SIGNED);
    }
    await screenshot(page, 'signed-urls-grid-desktop');

    // The asset page's preview is signed and loads.
    await tile.click();
    await page.getByRole('heading', { level: 1, name: 'coffee.png' }).waitFor();
    const preview = page.getByRole('img', { name: 'coffee.png', exact: true });
    await expectLoaded(preview);
    expect(await preview.getAttribute('src')).toMatch(SIGNED);
    await screenshot(page, 'signed-urls-asset-desktop');

    // Copy URL hands out a signed URL: it answers 200, and the same URL without `s` 403.
    await page.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByText('URL copied').waitFor();
    const copied = await readClipboard(page);
    expect(copied).toMatch(/\/coffee\.png\?s=[0-9a-f]{32}$/);
    expect(await statusOf(context, copied)).toBe(200);
    expect(await statusOf(context, unsigned(copied))).toBe(403);

    // Every URL of the embed code is signed.
    await page.getByRole('button', { name: 'Copy Embed Code' }).click();
    await page.getByText('Embed code copied').waitFor();
    const embed = await readClipboard(page);
    const embedUrls = [...embed.matchAll(/https?:\/\/[^\s"]+/g)].map((match) =>
      match[0].replaceAll('&amp;', '&'),
    );
    expect(embedUrls.length).toBeGreaterThan(1);
    for (const url of embedUrls) expect(url).toMatch(/[?&]s=[0-9a-f]{32}$/);
    expect(await statusOf(context, embedUrls[1] ?? '')).toBe(200);

    // Download asks for the attachment through a signed URL.
    const downloadLink = page.getByRole('link', { name: 'Download' });
    const downloadUrl = (await downloadLink.getAttribute('href')) ?? '';
    expect(downloadUrl).toMatch(/\?dl=coffee\.png&s=[0-9a-f]{32}$/);
    expect(await statusOf(context, downloadUrl)).toBe(200);

    // The source page's sample URL is signed too, and answers.
    await page.goto(sourcePath);
    const sample = page.getByRole('region', { name: 'Try a delivery URL' });
    await sample.getByLabel('File path').fill('coffee.png');
    const sampleUrl = sample.getByLabel('Delivery URL');
    await expect
      .poll(async () => (await sampleUrl.textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/[?&]s=[0-9a-f]{32}$/);
    expect(await statusOf(context, (await sampleUrl.textContent()) ?? '')).toBe(200);
    await screenshot(page, 'signed-urls-source-desktop');

    // At phone width the signed preview loads too.
    await page.setViewportSize(PHONE);
    await page.goto(`/assets/${sourceId}/coffee.png`);
    await expectLoaded(page.getByRole('img', { name: 'coffee.png', exact: true }));
    await screenshot(page, 'signed-urls-asset-phone');
    await context.close();
  });
});
