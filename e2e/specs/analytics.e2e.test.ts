import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

const JSONAPI = 'application/vnd.api+json';

const AGENTS = {
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  bot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

/**
 * What the spec serves: a miss, then hits of the same render, another render, a path the origin
 * does not have, and a render that fails on its missing watermark.
 */
const DELIVERIES: readonly { path: string; agent: string; referrer?: string }[] = [
  { path: '/coffee.png?w=120', agent: AGENTS.desktop, referrer: 'https://blog.example/post/1' },
  { path: '/coffee.png?w=120', agent: AGENTS.desktop, referrer: 'https://blog.example/post/2' },
  { path: '/coffee.png?w=120', agent: AGENTS.iphone, referrer: 'https://shop.example/' },
  { path: '/coffee.png?w=80', agent: AGENTS.iphone, referrer: 'https://blog.example/' },
  { path: '/missing.png', agent: AGENTS.bot },
  { path: '/coffee.png?w=64&mark=/no-such-mark.png', agent: AGENTS.desktop },
];

interface Served {
  status: number;
  bytes: number;
}

/** One GET on the source's delivery host, with exactly the headers given: nothing else is sent. */
function deliver(baseUrl: string, host: string, delivery: (typeof DELIVERIES)[number]) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<Served>((resolve, reject) => {
    const outgoing = request(
      {
        host: hostname,
        port,
        path: delivery.path,
        headers: {
          host,
          'user-agent': delivery.agent,
          ...(delivery.referrer ? { referer: delivery.referrer } : {}),
        },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function api<T>(baseUrl: string, token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v4${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      accept: JSONAPI,
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': JSONAPI }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** Spec platform section 9: base-1000 units, one decimal below 10. */
function displayedBytes(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  if (bytes < 1000) return `${bytes} Bytes`;
  const exponent = Math.min(Math.floor(Math.log10(bytes) / 3), units.length - 1);
  const value = bytes / 1000 ** exponent;
  return `${value < 10 ? Math.round(value * 10) / 10 : Math.round(value)} ${units[exponent]}`;
}

const tile = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Totals for the period' }).getByRole('listitem', { name });

/** A tile's text once its numbers are in (each tile loads by itself). */
async function tileText(page: Page, name: string): Promise<string> {
  const loaded = tile(page, name).filter({ hasText: 'before' });
  return (await loaded.textContent({ timeout: 30_000 })) ?? '';
}

async function tableRows(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name, exact: true });
  await table.waitFor();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
    );
}

/** A count as the table shows it ("1,204"); a dash (no value) counts as nothing. */
function cellNumber(cell: string | undefined): number {
  return Number((cell ?? '').replaceAll(',', '')) || 0;
}

/**
 * Picks an option of a dropdown. Its list renders only the rows in view: an option further down
 * is reached the way a keyboard user does, typing its first letters and pressing Enter.
 */
async function choose(page: Page, combobox: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: combobox });
  await select.click();
  await page.getByRole('listbox').waitFor();
  const row = page.getByRole('option', { name: option, exact: true });
  if ((await row.count()) > 0) {
    await row.click();
  } else {
    await page.keyboard.type(option);
    await page.keyboard.press('Enter');
  }
  await expect.poll(() => select.textContent()).toContain(option);
}

describe('analytics in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');
  const origins = inject('origins');

  it('shows the requests served through delivery, exactly, on the analytics screen', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpThroughUi(page, {
      company: 'Meridian Press',
      name: 'Florence Nightingale',
      email: uniqueEmail('florence'),
      password: 'a-long-password',
    });
    const token = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('darkroom.session') ?? '{}') as { token: string }).token,
    );

    // A web folder source holding coffee.png, deployed before anything is served.
    const name = `stats-${Date.now().toString(36)}`;
    const created = await api<{ data: { id: string } }>(baseUrl, token, '/sources', {
      data: {
        type: 'sources',
        attributes: {
          name,
          production: {
            type: 'webfolder',
            webfolder_prefix: origins.webFolderUrl,
            darkroom_subdomains: [name],
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

    const host = `${name}.localhost:${new URL(baseUrl).port}`;
    const served: Served[] = [];
    // One after the other: the second request of a render must find the first one's cache entry.
    for (const delivery of DELIVERIES) served.push(await deliver(baseUrl, host, delivery));
    expect(served.slice(0, 4).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(served[4]?.status).toBe(404);
    expect(served[5]?.status).toBeGreaterThanOrEqual(400);

    const requests = served.length;
    const bytes = served.reduce((sum, answer) => sum + answer.bytes, 0);
    const mild = served.filter((answer) => answer.status >= 400 && answer.status < 500).length;
    const severe = served.filter((answer) => answer.status >= 500).length;
    const successShare = (served.filter((answer) => answer.status < 400).length / requests) * 100;

    await page.goto('/analytics?period=24h');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await choose(page, 'Source', name);
    await page.waitForURL(`**/analytics?period=24h&source=${sourceId}`);
    // Usage is written in batches about once a second (the API flushes them before it reads):
    // once the tile has loaded, a count short of the requests means reading again.
    await expect
      .poll(
        async () => {
          if ((await tileText(page, 'Requests')).startsWith(`Requests${requests}`)) return true;
          await page.reload();
          return false;
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(true);

    expect(await tileText(page, 'Requests')).toMatch(new RegExp(`^Requests${requests}New`));
    // Two renders made (w=120 once, then hits; w=80), the failed one not among them.
    expect(await tileText(page, 'Renders')).toMatch(/^Renders2New/);
    expect(await tileText(page, 'Bandwidth')).toContain(displayedBytes(bytes));
    expect(await tileText(page, 'Delivery success')).toContain(
      `${Math.round(successShare * 10) / 10}%`,
    );
    expect(await tableRows(page, 'Requests by device')).toEqual([
      ['Desktop PC', '3'],
      ['Smartphone', '2'],
      ['Bot', '1'],
    ]);
    await screenshot(page, 'analytics-desktop');

    // Referrers by host, the requests without one as direct; assets by their origin path.
    const referrers = await tableRows(page, 'Top referrers');
    expect(referrers.map((row) => row.slice(0, 2))).toEqual([
      ['blog.example', '3'],
      ['(direct)', '2'],
      ['shop.example', '1'],
    ]);
    const assets = await tableRows(page, 'Top assets');
    expect(assets.map((row) => [row[0]?.replace(/^\//, ''), row[1]])).toEqual([
      ['coffee.png', '5'],
      ['missing.png', '1'],
    ]);
    await choose(page, 'Break down by', 'Referrer');
    const referrerSplit = await tableRows(page, 'Requests by referrer');
    expect(referrerSplit).toContainEqual(['blog.example', '3']);
    expect(referrerSplit).toContainEqual(['shop.example', '1']);
    await choose(page, 'Break down by', 'Browser');
    const browsers = await tableRows(page, 'Requests by browser');
    expect(browsers).toContainEqual(['Chrome', '3']);

    // The error counts, through the metric picker of the chart.
    await choose(page, 'Metric', 'Mild errors (4xx)');
    await page.getByText('Show the numbers').click();
    const mildRows = await tableRows(page, 'Mild errors (4xx) over time');
    expect(mildRows.reduce((sum, row) => sum + cellNumber(row[1]), 0)).toBe(mild);
    await choose(page, 'Metric', 'Severe errors (5xx)');
    const severeRows = await tableRows(page, 'Severe errors (5xx) over time');
    expect(severeRows.reduce((sum, row) => sum + cellNumber(row[1]), 0)).toBe(severe);
    // Misses: the two renders, the 404 and the failed render went past the cache; two hits did not.
    await choose(page, 'Metric', 'CDN misses');
    const missRows = await tableRows(page, 'CDN misses over time');
    expect(missRows.reduce((sum, row) => sum + cellNumber(row[1]), 0)).toBe(4);

    // The export holds the same numbers, bytes exact.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = (await readFile((await download.path()) ?? '', 'utf8')).split('\r\n');
    expect(csv[0]).toContain(`Last 24 hours`);
    expect(csv[0]).toContain(name);
    expect(csv).toContainEqual(expect.stringMatching(new RegExp(`^Requests,count,${requests},0,`)));
    expect(csv).toContainEqual(
      expect.stringMatching(new RegExp(`^Bandwidth,binary_size,${bytes},0,`)),
    );

    // The same screen at phone width, signed in as the same person: nothing overflows sideways.
    const session = await page.evaluate(() => localStorage.getItem('darkroom.session') ?? '');
    await context.close();
    const phone = await newPage(browser(), baseUrl, PHONE);
    await phone.context.addInitScript((stored) => {
      localStorage.setItem('darkroom.session', stored);
    }, session);
    await phone.page.goto(`/analytics?period=24h&source=${sourceId}`);
    await expect
      .poll(() => tileText(phone.page, 'Requests'), { timeout: 30_000 })
      .toMatch(new RegExp(`^Requests${requests}New`));
    await tableRows(phone.page, 'Requests by device');
    const overflow = await phone.page.evaluate(() =>
      [...document.querySelectorAll('main')].some((main) => main.scrollWidth > main.clientWidth),
    );
    expect(overflow).toBe(false);
    await screenshot(phone.page, 'analytics-phone');
    await phone.context.close();
  });
});
