import http from 'node:http';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

const DEMO_SOURCE_ID = '0'.repeat(24);

/** A delivery request by Host header: Node does not resolve `*.localhost` as browsers do. */
function deliver(url: string): Promise<{ status: number; body: Buffer }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        headers: { host: target.host },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** The editor parameters in the page's address: the editor keeps its state there. */
function editorParams(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

async function waitForPreview(page: Page) {
  const preview = page.getByRole('img', { name: 'coffee.png', exact: true });
  await expect
    .poll(
      () => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThan(0);
}

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

// Each test may first wait up to a minute for the demo source's first index (openCoffeeAsset).
describe('the image editor in the browser', { timeout: 120_000 }, () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');

  it('resizes, crops, fills, formats and exports a URL that renders that image', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signUpThroughUi(page, {
      company: 'Darkroom Editors',
      name: 'Dorothea Lange',
      email: uniqueEmail('dorothea'),
      password: 'a-long-password',
    });
    await openCoffeeAsset(page);
    await page.getByRole('link', { name: 'Edit image' }).click();
    await page.getByRole('heading', { level: 1, name: 'Image Editing' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/assets/${DEMO_SOURCE_ID}/coffee.png/editing`);
    await waitForPreview(page);
    await page.getByText('Original 600 × 400 px').waitFor();
    await screenshot(page, 'editor-opened');

    // Resize with the lock on: 600 x 400 becomes 480 x 320.
    await page.getByRole('spinbutton', { name: 'Width' }).fill('480');
    await expect.poll(() => editorParams(page)).toEqual({ w: '480', h: '320', fit: 'crop' });
    await expect
      .poll(() => page.getByRole('spinbutton', { name: 'Height' }).inputValue())
      .toBe('320');

    await page.getByRole('combobox', { name: 'Aspect ratio' }).click();
    await page.getByRole('option', { name: '16:9' }).click();
    await expect
      .poll(() => editorParams(page))
      .toEqual({ w: '480', h: '270', ar: '16:9', fit: 'crop' });
    await waitForPreview(page);
    await screenshot(page, 'editor-resized-16-9');

    // Crop: drag the frame over the original and apply it.
    await page.getByRole('button', { name: 'Crop', exact: true }).click();
    const cropSidebar = page.getByRole('complementary', { name: 'Crop' });
    await cropSidebar.getByRole('heading', { name: 'Crop Size' }).waitFor();
    const face = page.locator('.cropper-face');
    await face.waitFor();
    const apply = cropSidebar.getByRole('button', { name: 'Apply' });
    expect(await apply.isDisabled()).toBe(true);
    const box = await face.boundingBox();
    if (!box) throw new Error('The crop frame is not on screen.');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 - 30, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => apply.isEnabled()).toBe(true);
    await screenshot(page, 'editor-crop-frame');
    await apply.click();
    await page.getByRole('complementary', { name: 'Editing tools' }).waitFor();
    const cropped = editorParams(page);
    const rect = (cropped.rect ?? '').split(',').map(Number);
    expect(rect).toHaveLength(4);
    // The frame moved right and up from the centred 480 x 270 frame at (60, 65).
    expect(rect[0]).toBeGreaterThan(60);
    expect(rect[1]).toBeLessThan(65);
    expect(cropped.fit).toBeUndefined();
    expect(cropped.w).toBe('480');
    await waitForPreview(page);
    await screenshot(page, 'editor-cropped');

    // Fill with blur instead of the crop.
    await page.getByRole('button', { name: 'Fill', exact: true }).click();
    const fillSidebar = page.getByRole('complementary', { name: 'Fill' });
    await fillSidebar.getByRole('heading', { name: 'Fill Size' }).waitFor();
    await expect.poll(() => editorParams(page)).toMatchObject({ fit: 'fill', fill: 'blur' });
    expect(editorParams(page).rect).toBeUndefined();
    await waitForPreview(page);
    await screenshot(page, 'editor-fill-blur');
    await fillSidebar.getByRole('button', { name: 'Apply' }).click();

    // Chromium shows webp, so the select offers it.
    await page.getByRole('combobox', { name: 'Output format' }).click();
    await page.getByRole('option', { name: 'webp' }).click();
    await expect.poll(() => editorParams(page).fm).toBe('webp');
    await waitForPreview(page);
    await screenshot(page, 'editor-format-webp');

    // A reload keeps the edit: it lives in the address.
    const edited = editorParams(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Image Editing' }).waitFor();
    expect(editorParams(page)).toEqual(edited);

    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Copy URL' }).click();
    await page.getByText('URL copied').waitFor();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(/^http:\/\/demo\.localhost:\d+\/coffee\.png\?/);
    const exported = Object.fromEntries(new URL(url).searchParams);
    expect(exported).toEqual(edited);
    expect(exported).toMatchObject({ fit: 'fill', fill: 'blur', fm: 'webp', w: '480' });

    const { status, body } = await deliver(url);
    expect(status).toBe(200);
    const metadata = await sharp(body).metadata();
    expect(metadata.format).toBe('webp');
    expect([metadata.width, metadata.height]).toEqual([Number(exported.w), Number(exported.h)]);
    await screenshot(page, 'editor-url-copied');

    // The download is the same image, named for its format. The menu closes 700 ms after a click
    // inside it (spec editor section 4): opening it before then would toggle it shut.
    await page.getByRole('menuitem').first().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('coffee.webp');
    expect(Object.fromEntries(new URL(download.url()).searchParams)).toEqual({
      ...edited,
      dl: 'coffee.webp',
    });
    await context.close();
  });

  it('lays the editor out on a phone: the image above its tools', async () => {
    const { context, page } = await newPage(browser(), baseUrl, PHONE);
    await signUpThroughUi(page, {
      company: 'Darkroom Phones',
      name: 'Vivian Maier',
      email: uniqueEmail('vivian'),
      password: 'a-long-password',
    });
    await openCoffeeAsset(page);
    await page.goto(`/assets/${DEMO_SOURCE_ID}/coffee.png/editing?w=300&h=200&fit=crop`);
    await page.getByRole('heading', { level: 1, name: 'Image Editing' }).waitFor();
    await waitForPreview(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(page, 'editor-phone');

    // A finger on the crop frame moves it only past 30 px (spec editor section 9): a shorter
    // swipe, like a thumb scrolling the page, leaves the frame where it was.
    await page.getByRole('button', { name: 'Crop', exact: true }).click();
    const cropSidebar = page.getByRole('complementary', { name: 'Crop' });
    const apply = cropSidebar.getByRole('button', { name: 'Apply' });
    const face = page.locator('.cropper-face');
    await face.waitFor();
    const box = await face.boundingBox();
    if (!box) throw new Error('The crop frame is not on screen.');
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await context.newCDPSession(page);
    const swipe = async (dx: number) => {
      const touch = (x: number) => [{ x: Math.round(x), y: Math.round(start.y), id: 1 }];
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: touch(start.x),
      });
      for (let step = 1; step <= 6; step += 1) {
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: touch(start.x + (dx * step) / 6),
        });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(-20);
    await page.waitForTimeout(400);
    expect(await apply.isDisabled()).toBe(true);
    await swipe(-60);
    await expect.poll(() => apply.isEnabled()).toBe(true);
    await screenshot(page, 'editor-phone-crop-touch');
    await context.close();
  });
});
