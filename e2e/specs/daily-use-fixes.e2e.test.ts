import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

const JSONAPI = 'application/vnd.api+json';
const DEMO_SOURCE_ID = '000000000000000000000000';

async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('darkroom.session') ?? '{}') as { token: string }).token,
  );
}

async function createWebFolder(baseUrl: string, token: string, prefix: string): Promise<string> {
  const name = `folder-${Date.now().toString(36)}`;
  const response = await fetch(`${baseUrl}/api/v4/sources`, {
    method: 'POST',
    headers: { accept: JSONAPI, 'content-type': JSONAPI, authorization: `Bearer ${token}` },
    body: JSON.stringify({
      data: {
        type: 'sources',
        attributes: {
          name,
          production: { type: 'webfolder', webfolder_prefix: prefix, darkroom_subdomains: [name] },
        },
      },
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** The status of one GET on a delivery host, sent to the app's loopback port with that Host. */
function deliverStatus(baseUrl: string, host: string, path: string): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port, path, headers: { host } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function deploymentStatus(baseUrl: string, token: string, sourceId: string) {
  const response = await fetch(`${baseUrl}/api/v4/sources/${sourceId}`, {
    headers: { accept: JSONAPI, authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: { attributes: { deployment_status: string } } };
  return body.data.attributes.deployment_status;
}

describe('the dashboard for daily use', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');
  const origins = inject('origins');

  it('scrolls Analytics on a phone to its end without leaving a blank page', async () => {
    const { context, page } = await newPage(browser(), baseUrl, PHONE);
    await signUpThroughUi(page, {
      company: 'Scroll Works',
      name: 'Grace Hopper',
      email: uniqueEmail('grace'),
      password: 'a-long-password',
    });
    // Customer traffic on a source of the account, so Analytics has its charts and tables.
    const token = await sessionToken(page);
    const folderId = await createWebFolder(baseUrl, token, origins.webFolderUrl);
    await expect
      .poll(() => deploymentStatus(baseUrl, token, folderId), { timeout: 30_000, interval: 500 })
      .toBe('deployed');
    const folderName = (await (
      await fetch(`${baseUrl}/api/v4/sources/${folderId}`, {
        headers: { accept: JSONAPI, authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { attributes: { name: string } } };
    const host = `${folderName.data.attributes.name}.localhost:${new URL(baseUrl).port}`;
    for (const width of [40, 80, 120, 160]) {
      expect(await deliverStatus(baseUrl, host, `/coffee.png?w=${width}`)).toBe(200);
    }
    // Usage is written in batches about once a second, and the tables below the fold load as
    // they come into view: scroll the page area until one shows.
    await page.goto('/analytics?period=24h');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await expect
      .poll(
        async () => {
          await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
          return page.getByRole('table').count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);

    // Scroll the page area to its end, then keep scrolling the document and the wheel.
    await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    await page.mouse.move(200, 600);
    await page.mouse.wheel(0, 20_000);
    await page.evaluate(() => window.scrollTo(0, 100_000));

    const layout = await page.evaluate(() => {
      const main = document.querySelector('main');
      if (main === null) throw new Error('The page has no main region.');
      return {
        documentHeight: document.documentElement.scrollHeight,
        viewportHeight: window.innerHeight,
        windowScroll: window.scrollY,
        mainBottom: main.getBoundingClientRect().bottom,
        mainScrolledToEnd: main.scrollTop + main.clientHeight >= main.scrollHeight - 1,
      };
    });
    // The document is exactly the viewport: only the page area scrolls, and it ends on content.
    expect(layout.documentHeight).toBe(layout.viewportHeight);
    expect(layout.windowScroll).toBe(0);
    expect(layout.mainBottom).toBeLessThanOrEqual(layout.viewportHeight);
    expect(layout.mainScrolledToEnd).toBe(true);
    await screenshot(page, 'daily-use-analytics-phone');
    await context.close();
  });

  it('opens Assets on the source last used, lays out grid rows apart, and marks its thumbnails', async () => {
    const { context, page } = await newPage(browser(), baseUrl, PHONE);
    await signUpThroughUi(page, {
      company: 'Grid Works',
      name: 'Ada Lovelace',
      email: uniqueEmail('ada'),
      password: 'a-long-password',
    });
    const token = await sessionToken(page);
    const folderId = await createWebFolder(baseUrl, token, origins.webFolderUrl);

    // No source used yet: the user's own web folder, not the demo source.
    await page.goto('/assets');
    await page.waitForURL(`**/assets?source=${folderId}`);
    await page.getByText(/its images are indexed from the paths delivery has served/).waitFor();
    await page.getByRole('button', { name: 'Re-index' }).waitFor();
    await screenshot(page, 'daily-use-web-folder-phone');

    // The demo source's grid: captions below their own thumbnails, rows never overlapping.
    await page.goto(`/assets?source=${DEMO_SOURCE_ID}`);
    const grid = page.getByRole('list', { name: 'Assets' });
    await grid.getByRole('link').nth(5).waitFor();
    const tiles = await grid.getByRole('link').evaluateAll((links) =>
      links.map((link) => {
        const box = link.getBoundingClientRect();
        const caption = (link.lastElementChild ?? link).getBoundingClientRect();
        return {
          top: box.top,
          bottom: box.bottom,
          left: box.left,
          right: box.right,
          captionBottom: caption.bottom,
          captionHeight: caption.height,
        };
      }),
    );
    expect(tiles.length).toBeGreaterThanOrEqual(6);
    for (const [index, tile] of tiles.entries()) {
      expect(tile.captionHeight).toBeGreaterThan(0);
      expect(tile.captionBottom).toBeLessThanOrEqual(tile.bottom + 0.5);
      for (const other of tiles.slice(index + 1)) {
        const apart =
          other.top >= tile.bottom ||
          tile.top >= other.bottom ||
          other.left >= tile.right ||
          tile.left >= other.right;
        expect(apart, JSON.stringify({ tile, other })).toBe(true);
      }
    }
    // The dashboard's own thumbnails carry the server's marker: they are not metered.
    const src = await grid.locator('img').first().getAttribute('src');
    expect(src).toMatch(/[?&]dr-internal=\d+\.[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'daily-use-grid-phone');

    // Opening an asset of the demo source makes it the last used one.
    await grid.getByRole('link').first().click();
    await page.getByRole('link', { name: 'All assets' }).waitFor();
    await page.goto('/assets');
    await page.waitForURL(`**/assets?source=${DEMO_SOURCE_ID}`);
    await context.close();
  });

  it("answers the dashboard's JavaScript compressed with Brotli", async () => {
    const html = await (await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } })).text();
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const response = await fetch(`${baseUrl}${script}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    // fetch decodes the body: what arrives is the script.
    expect((await response.text()).length).toBeGreaterThan(1000);
  });
});
