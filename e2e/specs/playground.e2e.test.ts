import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

const DEMO_SOURCE_ID = '0'.repeat(24);

async function openCoffeeAsset(page: Page) {
  // The demo source is indexed after the server starts: reload until the asset is known.
  await expect
    .poll(
      async () => {
        await page.goto(`/assets/${DEMO_SOURCE_ID}/coffee.png`);
        return page
          .getByRole('heading', { level: 1, name: 'coffee.png' })
          .isVisible({ timeout: 5_000 })
          .catch(() => false);
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe(true);
}

/** The preview's natural width once its image has loaded (0 before). */
function previewWidth(page: Page) {
  return page
    .getByRole('img', { name: 'Preview of coffee.png' })
    .evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0))
    .catch(() => 0);
}

describe('the URL playground in the browser', { timeout: 120_000 }, () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');

  it('previews a typed URL, gives the delivery its say, copies code and hands the URL to the editor', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signUpThroughUi(page, {
      company: 'Darkroom Playground',
      name: 'Berenice Abbott',
      email: uniqueEmail('berenice'),
      password: 'a-long-password',
    });
    await openCoffeeAsset(page);
    const playground = page.getByRole('region', { name: 'URL playground' });
    const field = playground.getByRole('textbox', { name: 'Rendering URL' });
    const assetUrl = (await field.inputValue()).split('?')[0] ?? '';
    expect(assetUrl).toMatch(/^http:\/\/demo\.localhost:\d+\/coffee\.png$/);

    // A typed URL: the preview follows, with what the delivery answered.
    await field.fill(`${assetUrl}?blur=20&w=300`);
    await expect.poll(() => previewWidth(page), { timeout: 30_000 }).toBe(300);
    const facts = playground.getByLabel('Preview facts');
    await facts.getByText('300 × 200 px').waitFor();
    await facts.getByText('PNG').waitFor();
    expect(await facts.getByText(/^\d+(\.\d+)? (B|KB|MB)$/).count()).toBe(1);
    expect(await facts.getByText(/^\d+ ms$/).count()).toBeGreaterThan(0);
    await playground.getByText('gaussian blur: an integer (0 to 2000 suggested)').waitFor();
    await screenshot(page, 'playground-preview');

    // An invalid value: the delivery's own message, as it gives it.
    await field.fill(`${assetUrl}?blur=20&w=abc`);
    const refusal = playground.getByRole('alert').filter({ hasText: 'The delivery refused' });
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.textContent()).toContain('(400)');
    expect(await refusal.textContent()).toContain('"w"');
    await screenshot(page, 'playground-refused');

    // Copy the <picture>: AVIF and WebP sources before the image.
    await field.fill(`${assetUrl}?blur=20&w=300`);
    await expect.poll(() => previewWidth(page), { timeout: 30_000 }).toBe(300);
    await playground.getByRole('button', { name: 'Copy as' }).click();
    await page.getByRole('menuitem', { name: '<picture> with AVIF and WebP' }).click();
    await page.getByText('<picture> with AVIF and WebP copied').waitFor();
    const picture = await page.evaluate(() => navigator.clipboard.readText());
    expect(picture).toMatch(/^<picture>/);
    expect(picture.indexOf('type="image/avif"')).toBeLessThan(picture.indexOf('type="image/webp"'));
    expect(picture).toContain(`${assetUrl}?w=300&amp;fm=avif&amp;blur=20&amp;dpr=2 600w`);

    // The editor takes the URL over, and an editor control keeps blur=20.
    await playground.getByRole('link', { name: 'Open in the editor' }).click();
    await page.getByRole('heading', { level: 1, name: 'Image Editing' }).waitFor();
    await page.getByRole('combobox', { name: 'Output format' }).click();
    await page.getByRole('option', { name: 'png', exact: true }).click();
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toEqual({ w: '300', fm: 'png', blur: '20' });
    expect(await page.getByRole('textbox', { name: 'Rendering URL' }).inputValue()).toBe(
      `${assetUrl}?w=300&fm=png&blur=20`,
    );
    await screenshot(page, 'playground-editor-url');
    await context.close();
  });

  it('fits a phone', async () => {
    const { context, page } = await newPage(browser(), baseUrl, PHONE);
    await signUpThroughUi(page, {
      company: 'Darkroom Phones',
      name: 'Lee Miller',
      email: uniqueEmail('lee'),
      password: 'a-long-password',
    });
    await openCoffeeAsset(page);
    const playground = page.getByRole('region', { name: 'URL playground' });
    await playground.getByRole('textbox', { name: 'Rendering URL' }).waitFor();
    await expect.poll(() => previewWidth(page), { timeout: 30_000 }).toBeGreaterThan(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(page, 'playground-phone');
    await context.close();
  });
});
