import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

/** Step 1 of the wizard: pick a provider card and continue. */
async function chooseStorage(page: Page, provider: string) {
  await page.goto('/sources/new');
  await page.getByRole('heading', { name: 'How do you store your media?' }).waitFor();
  await page.getByRole('radio', { name: new RegExp(`^${provider}`) }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** Step 2: Continue validates against the real origin; step 3: deploy with the default subdomain. */
async function continueAndDeploy(page: Page, screenshotName: string) {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const deploy = page.getByRole('button', { name: 'Deploy Source' });
  await deploy.waitFor();
  await expect.poll(() => deploy.isEnabled(), { timeout: 15_000 }).toBe(true);
  await screenshot(page, `${screenshotName}-subdomain-step`);
  await deploy.click();
  await page.getByRole('dialog', { name: 'Your source has been created' }).waitFor();
  await screenshot(page, `${screenshotName}-success`);
  await page.getByRole('button', { name: 'Go to my source' }).click();
  await page.waitForURL(/\/sources\/[0-9a-f]{24}$/);
  // The deploy job checks the origin in the background; the page polls until it is done.
  await page.getByText('Deployed', { exact: true }).first().waitFor({ timeout: 30_000 });
}

describe('sources in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');
  const origins = inject('origins');

  it('connects S3-compatible storage, Azure and a web folder through the wizard', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpThroughUi(page, {
      company: 'Northwind Imaging',
      name: 'Margaret Hamilton',
      email: uniqueEmail('margaret'),
      password: 'a-long-password',
    });

    // A new customer without sources is offered the demo source.
    await page.getByRole('link', { name: 'Explore My Demo Source' }).first().waitFor();
    await screenshot(page, 'sources-empty-desktop');

    await chooseStorage(page, 'DigitalOcean');
    await page.getByLabel('Access Key', { exact: true }).fill(origins.s3.accessKey);
    await page.getByLabel('Secret Key', { exact: true }).fill(origins.s3.secretKey);
    await page.getByLabel('Bucket Name').fill(origins.s3.bucket);
    await page.getByLabel('Endpoint').fill('nyc3.digitaloceanspaces.com');
    await page.getByLabel('Region').fill('nyc3');
    await screenshot(page, 'wizard-link-storage-digitalocean');
    await continueAndDeploy(page, 'wizard-digitalocean');
    await screenshot(page, 'source-config-digitalocean');

    // Change the cache TTL and see it saved (it survives a reload).
    const ttl = page.getByLabel('TTL (seconds)', { exact: true });
    await ttl.fill('7200');
    await page.getByRole('button', { name: 'Save caching' }).click();
    await page.getByText(/saved/i).first().waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByLabel('TTL (seconds)', { exact: true }).inputValue())
      .toBe('7200');

    await chooseStorage(page, 'Microsoft Azure');
    await page.getByLabel('Storage Account Name').fill(origins.azure.account);
    await page.getByLabel('Container or File Share Name').fill(origins.azure.container);
    await page.getByLabel('SAS Token', { exact: true }).fill(origins.azure.sas);
    await continueAndDeploy(page, 'wizard-azure');

    await chooseStorage(page, 'Web Folder');
    await page.getByLabel('Base URL').fill(origins.webFolderUrl);
    await continueAndDeploy(page, 'wizard-webfolder');

    // With sources, the demo button is gone from the list and from the wizard.
    await page.goto('/sources');
    await page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByText('Explore My Demo Source').count()).toBe(0);
    await screenshot(page, 'sources-list-desktop');
    await page.goto('/sources/new');
    await page.getByRole('heading', { name: 'How do you store your media?' }).waitFor();
    expect(await page.getByText('Explore My Demo Source').count()).toBe(0);
    await context.close();
  });

  it('reports a wrong secret key from the real storage under its field', async () => {
    const { context, page } = await newPage(browser(), baseUrl, PHONE);
    await signUpThroughUi(page, {
      company: 'Fjord Photo',
      name: 'Ada Yonath',
      email: uniqueEmail('ada'),
      password: 'a-long-password',
    });
    await chooseStorage(page, 'DigitalOcean');
    await page.getByLabel('Access Key', { exact: true }).fill(origins.s3.accessKey);
    await page
      .getByLabel('Secret Key', { exact: true })
      .fill('WrongSecretKey0123456789abcdefghijklmnop');
    await page.getByLabel('Bucket Name').fill(origins.s3.bucket);
    await page.getByLabel('Endpoint').fill('nyc3.digitaloceanspaces.com');
    await page.getByLabel('Region').fill('nyc3');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page
      .getByText(/secret key/i)
      .filter({ visible: true })
      .last()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Deploy Source' }).count()).toBe(0);
    await screenshot(page, 'wizard-wrong-secret-phone');
    await context.close();
  });
});
