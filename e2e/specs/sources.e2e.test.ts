import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  PHONE,
  artifactsDir as artifacts,
  newPage,
  screenshot,
  uniqueEmail,
  useChromium,
} from '../support/browser.ts';
import { signInThroughUi, signUpThroughUi, upgradePlanThroughUi } from '../support/flows.ts';

const samplePng = fileURLToPath(
  new URL('../../packages/server/demo-images/coffee.png', import.meta.url),
);

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
    // Three sources are more than the Free plan includes (one): Growth has ten.
    await upgradePlanThroughUi(page, 'Growth');

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
    // The field's own description also says "secret key": wait for the error itself.
    await page.getByText('This is not a valid secret key.', { exact: true }).waitFor();
    await expect
      .poll(() =>
        page
          .getByLabel('Secret Key', { exact: true })
          .evaluate((input) => input.getAttribute('aria-invalid')),
      )
      .toBe('true');
    expect(await page.getByRole('button', { name: 'Deploy Source' }).count()).toBe(0);
    await screenshot(page, 'wizard-wrong-secret-phone');
    await context.close();
  });

  it('creates a managed storage source, uploads a PNG from the dashboard and lists it', async () => {
    const person = {
      company: 'Lumen Prints',
      name: 'Grace Hopper',
      email: uniqueEmail('grace'),
      password: 'a-long-password',
    };
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpThroughUi(page, person);

    await page.goto('/sources/new');
    await page.getByRole('heading', { name: 'How do you store your media?' }).waitFor();
    // Each card carries its own documentation link; the cards stay nine radios (eight here).
    expect(await page.getByRole('radio').count()).toBe(8);
    expect(await page.getByRole('link', { name: 'Amazon S3 docs' }).getAttribute('href')).toMatch(
      /^https:\/\/docs\.aws\.amazon\.com\//,
    );
    await page.getByRole('button', { name: 'Use Darkroom Storage' }).click();
    await screenshot(page, 'wizard-storage-type-managed-desktop');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: 'Keep your files on Darkroom' }).waitFor();
    await screenshot(page, 'wizard-managed-storage-step-desktop');
    await continueAndDeploy(page, 'wizard-managed');
    const sourcePath = new URL(page.url()).pathname;

    const files = page.getByRole('region', { name: 'Files' });
    await files.getByLabel('Folder').fill('products');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      files.getByRole('button', { name: 'Choose files' }).click(),
    ]);
    await chooser.setFiles(samplePng);
    const uploads = files.getByRole('list', { name: 'Uploads' });
    await uploads.getByText('products/coffee.png', { exact: true }).waitFor();
    await uploads.getByText(/^Uploaded, /).waitFor({ timeout: 15_000 });
    const url = await uploads.locator('code').first().textContent();
    // The e2e deployment delivers from localhost, so the address is plain http.
    expect(url).toMatch(/^http:\/\/[a-z0-9-]+\.localhost:\d+\/products\/coffee\.png$/);
    await files.getByText('1 of 1 uploaded').waitFor();
    await screenshot(page, 'source-config-managed-uploaded-desktop');
    await context.close();

    // The same screens on a phone: the wizard's cards, the walkthrough dialog, the upload panel.
    const phone = await newPage(browser(), baseUrl, PHONE);
    await signInThroughUi(phone.page, person.email, person.password);
    await phone.page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();
    await phone.page.goto('/sources/new');
    await phone.page.getByRole('heading', { name: 'How do you store your media?' }).waitFor();
    await screenshot(phone.page, 'wizard-storage-type-phone');
    await phone.page.getByRole('radio', { name: 'Amazon S3' }).click();
    await phone.page.getByRole('button', { name: 'Continue', exact: true }).click();
    await phone.page.getByRole('button', { name: 'Step-by-step walkthrough' }).click();
    const walkthrough = phone.page.getByRole('dialog', { name: 'Connect an Amazon S3 bucket' });
    await walkthrough.waitFor();
    await phone.page.screenshot({ path: `${artifacts}/wizard-walkthrough-dialog-phone.png` });
    await walkthrough.getByRole('button', { name: 'Close panel' }).click();
    await walkthrough.waitFor({ state: 'detached' });

    await phone.page.goto(sourcePath);
    await phone.page.getByRole('region', { name: 'Files' }).waitFor();
    const phoneFiles = phone.page.getByRole('region', { name: 'Files' });
    const [phoneChooser] = await Promise.all([
      phone.page.waitForEvent('filechooser'),
      phoneFiles.getByRole('button', { name: 'Choose files' }).click(),
    ]);
    await phoneChooser.setFiles(samplePng);
    await phoneFiles.getByText('1 of 1 uploaded').waitFor({ timeout: 15_000 });
    await screenshot(phone.page, 'source-config-managed-phone');
    await phone.context.close();
  });
});
