import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

const samplePng = fileURLToPath(
  new URL('../../packages/server/demo-images/coffee.png', import.meta.url),
);

/** Editor spec section 9: from 100, times 1.16 a step, rounded to even numbers, up to 8192. */
const EMBED_WIDTHS = [
  100, 116, 134, 156, 182, 210, 244, 282, 328, 380, 442, 512, 594, 688, 798, 926, 1074, 1246, 1446,
  1678, 1946, 2258, 2618, 3038, 3524, 4088, 4742, 5500, 6380, 7400, 8192,
];

const DEMO_SOURCE_ID = '0'.repeat(24);

function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Waits for a tile, reloading while the source's first indexing run is still going. */
async function waitForTile(page: Page, name: string) {
  const grid = page.getByRole('list', { name: 'Assets' });
  await expect
    .poll(
      async () => {
        if (await grid.getByRole('link', { name, exact: true }).isVisible()) return true;
        await page.reload();
        await page.getByRole('heading', { name: 'Assets', level: 1 }).waitFor();
        return grid.getByRole('link', { name, exact: true }).isVisible({ timeout: 3_000 });
      },
      { timeout: 45_000, interval: 1_000 },
    )
    .toBe(true);
  return grid.getByRole('link', { name, exact: true });
}

describe('the asset manager in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');

  it('browses the demo source: search, open, copy URL and embed code, download', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signUpThroughUi(page, {
      company: 'Tidewater Studio',
      name: 'Hedy Lamarr',
      email: uniqueEmail('hedy'),
      password: 'a-long-password',
    });

    // A customer without sources is sent from the wizard to the demo source's assets.
    await page.goto('/sources/new');
    await page.getByRole('link', { name: 'Explore My Demo Source' }).click();
    await page.waitForURL(`**/assets?source=${DEMO_SOURCE_ID}`);
    await waitForTile(page, 'astronaut.png');
    const grid = page.getByRole('list', { name: 'Assets' });
    const thumbnail = grid.getByRole('link', { name: 'astronaut.png', exact: true }).locator('img');
    // The dashboard's own marker keeps its thumbnails out of the customer's metrics.
    expect(await thumbnail.getAttribute('src')).toMatch(
      /^http:\/\/demo\.localhost:\d+\/astronaut\.png\?auto=format&fit=crop&w=240&h=240&dr-internal=\d+\.[\w-]{43}$/,
    );
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await screenshot(page, 'assets-demo-grid-desktop');

    await page.getByLabel('Search assets').fill('coffee');
    await expect
      .poll(() => grid.getByRole('link').allTextContents(), { timeout: 15_000 })
      .toEqual(['coffee.png']);

    await grid.getByRole('link', { name: 'coffee.png', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'coffee.png' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/assets/${DEMO_SOURCE_ID}/coffee.png`);
    const details = page.getByRole('definition');
    await expect.poll(() => details.allTextContents()).toContain('image/png');
    // The demo source is read-only.
    expect(await page.getByRole('button', { name: 'Hide image' }).count()).toBe(0);
    expect(await page.getByRole('form', { name: 'Edit asset' }).count()).toBe(0);
    // The large preview is rendered by Darkroom too.
    const preview = page.getByRole('img', { name: 'coffee.png', exact: true });
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await screenshot(page, 'asset-page-demo-desktop');

    await page.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByText('URL copied').waitFor();
    const url = await readClipboard(page);
    expect(url).toMatch(/^http:\/\/demo\.localhost:\d+\/coffee\.png$/);

    await page.getByRole('button', { name: 'Copy Embed Code' }).click();
    await page.getByText('Embed code copied').waitFor();
    const embed = await readClipboard(page);
    expect(embed).toMatch(/^<img src="[^"]+" srcset="[^"]+" sizes="100vw"/);
    const srcset = /srcset="([^"]+)"/.exec(embed)?.[1] ?? '';
    const entries = srcset.split(', ');
    // fit=max cannot enlarge: the widths stop at the image's own 600 px.
    expect(entries.map((entry) => Number(/ (\d+)w$/.exec(entry)?.[1]))).toEqual([
      ...EMBED_WIDTHS.filter((width) => width < 600),
      600,
    ]);
    expect(entries[0]).toBe(`${url}?auto=format&amp;fit=max&amp;w=100 100w`);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('coffee.png');
    expect(download.url()).toBe(`${url}?dl=coffee.png`);
    await context.close();

    // The asset page on a 360 px-class phone: actions wrap, nothing overflows sideways.
    const phone = await newPage(browser(), baseUrl, { ...PHONE, width: 360 });
    await signUpThroughUi(phone.page, {
      company: 'Tidewater Mobile',
      name: 'Ada Mobile',
      email: uniqueEmail('ada-phone'),
      password: 'a-long-password',
    });
    await phone.page.goto(`/assets/${DEMO_SOURCE_ID}/coffee.png`);
    await phone.page.getByRole('heading', { level: 1, name: 'coffee.png' }).waitFor();
    const overflow = await phone.page.evaluate(() => {
      const main = document.querySelector('main');
      return main ? main.scrollWidth - main.clientWidth : 0;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'asset-page-phone');
    await phone.context.close();
  });

  it('uploads into a managed storage source, shows the new asset and hides it', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpThroughUi(page, {
      company: 'Harbour Labs',
      name: 'Katherine Johnson',
      email: uniqueEmail('katherine'),
      password: 'a-long-password',
    });
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
    const sourceId = new URL(page.url()).pathname.split('/').at(-1) ?? '';

    // The sidebar leads to the asset manager, which remembers the chosen source in its address.
    await page.getByRole('link', { name: 'Assets', exact: true }).click();
    await page.waitForURL('**/assets?source=*');
    await page.goto(`/assets?source=${sourceId}`);
    await page.getByRole('button', { name: 'Upload files' }).waitFor();

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Upload files' }).click(),
    ]);
    await chooser.setFiles(samplePng);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await uploads.getByText(/^Uploaded, /).waitFor({ timeout: 15_000 });
    // The server indexes the file as it stores it: the grid shows it without a reload.
    const tile = page
      .getByRole('list', { name: 'Assets' })
      .getByRole('link', { name: 'coffee.png' });
    await tile.waitFor({ timeout: 15_000 });
    await screenshot(page, 'assets-managed-uploaded-desktop');

    await tile.click();
    await page.getByRole('heading', { level: 1, name: 'coffee.png' }).waitFor();
    await page.getByRole('button', { name: 'Hide image' }).click();
    await page.getByText('Image hidden').waitFor();
    await page.getByRole('button', { name: 'Unhide image' }).waitFor();

    await page.getByRole('link', { name: 'All assets' }).click();
    await page.getByText('No assets yet').waitFor();
    await page.getByRole('combobox', { name: 'Visibility' }).click();
    await page.getByRole('option', { name: 'Hidden', exact: true }).click();
    await page
      .getByRole('list', { name: 'Assets' })
      .getByRole('link', { name: 'coffee.png' })
      .waitFor();
    await context.close();
  });
});
