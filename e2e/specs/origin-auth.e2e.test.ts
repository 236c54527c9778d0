import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  startAuthOrigin,
  type AuthOriginOptions,
} from '../../packages/server/test/origin-servers/auth-origin.ts';
import type { TestHttpServer } from '../../packages/server/test/origin-servers/http.ts';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

const sampleImage = readFileSync(
  fileURLToPath(new URL('../../packages/server/demo-images/coffee.png', import.meta.url)),
);

const USERNAME = 'darkroom';
const PASSWORD = 'origin-password-42';

/** The wizard's web folder path, deployed with the default subdomain; ends on the source page. */
async function createWebFolder(page: Page, baseUrl: string) {
  await page.goto('/sources/new');
  await page.getByRole('heading', { name: 'How do you store your media?' }).waitFor();
  await page.getByRole('radio', { name: /^Web Folder/ }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Base URL').fill(baseUrl);
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

describe('origin authentication in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');
  let origin: TestHttpServer & { refusals: string[] };

  beforeAll(async () => {
    const options: AuthOriginOptions = {
      scheme: { kind: 'basic', username: USERNAME, password: PASSWORD },
      files: { 'coffee.png': sampleImage },
    };
    origin = await startAuthOrigin(options);
  });
  afterAll(async () => {
    await origin.close();
  });

  it('configures Basic authentication on a web folder that demands it, and serves its image', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpThroughUi(page, {
      company: 'Guarded Images',
      name: 'Hedy Lamarr',
      email: uniqueEmail('hedy'),
      password: 'a-long-password',
    });
    await createWebFolder(page, `${origin.url}/images/`);

    const section = page.getByRole('region', { name: 'Origin authentication' });
    await section.getByRole('switch', { name: 'Basic authentication' }).click();
    await section.getByLabel('User name').fill(USERNAME);
    await section.getByLabel('Password').fill('not-the-password');
    await section.getByLabel('Test image path').fill('coffee.png');
    await section.getByRole('button', { name: 'Check and save' }).click();
    // The origin refuses: nothing is saved, and the page says so in the spec's words.
    await section
      .getByRole('alert')
      .filter({ hasText: 'These request authentication settings are not valid.' })
      .waitFor();
    await screenshot(page, 'origin-auth-refused-desktop');

    await section.getByLabel('Password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Check and save' }).click();
    await page.getByText('Origin authentication saved').first().waitFor();
    await expect
      .poll(() => section.getByLabel('Password').getAttribute('placeholder'))
      .toBe('••••d-42');
    await screenshot(page, 'origin-auth-saved-desktop');

    // The image is delivered: delivery fetched it from the origin with the credentials.
    const sourceUrl = await page.getByRole('link', { name: /^http/ }).first().getAttribute('href');
    expect(sourceUrl).toMatch(/localhost/);
    const imagePage = await context.newPage();
    const response = await imagePage.goto(`${sourceUrl}/coffee.png?w=120&fm=png`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toBe('image/png');
    const width = await imagePage.evaluate(() => document.images[0]?.naturalWidth);
    expect(width).toBe(120);
    const fetched = origin.requests.filter((request) => request.url === '/images/coffee.png');
    expect(fetched.at(-1)?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64')}`,
    );

    // The same section on a phone.
    await page.setViewportSize(PHONE);
    await page.reload();
    await section.getByRole('switch', { name: 'Basic authentication' }).waitFor();
    await screenshot(page, 'origin-auth-phone');
    await context.close();
  });
});
