import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signInThroughUi, signUpThroughUi } from '../support/flows.ts';

// The two wordings of the wizard's first step (features/experiments/wizard-first-step-intro.tsx).
const INTROS = {
  'storage-first': 'Choose where your images and videos are kept. Darkroom reads them from there.',
  'outcome-first':
    'Keep your images and videos where they are: pick their storage and Darkroom serves them resized and optimized.',
} as const;
type Variant = keyof typeof INTROS;

interface VariantCounts {
  assigned: number;
  exposed: number;
  converted: number;
}

/** The wording the page shows under the first step's heading, once it is there. */
async function shownVariant(page: Page): Promise<Variant> {
  await page.getByRole('heading', { name: 'How do you store your media?' }).waitFor();
  const intro = page.locator('p[data-variant]');
  await intro.waitFor();
  const variant = (await intro.getAttribute('data-variant')) as Variant;
  expect(await intro.textContent()).toBe(INTROS[variant]);
  return variant;
}

/** The admin results page's counts of a variant of the wizard experiment. */
async function countsOf(page: Page, variant: Variant): Promise<VariantCounts> {
  await page.goto('/admin/experiments');
  const section = page.getByRole('region', { name: 'wizard-first-step' });
  const table = section.getByRole('table', { name: 'Results of wizard-first-step' });
  const nobody = section.getByText('No one is in this experiment yet');
  await table.or(nobody).waitFor();
  if (await nobody.isVisible()) return { assigned: 0, exposed: 0, converted: 0 };
  const cells = await table
    .getByRole('row')
    .filter({ hasText: variant })
    .getByRole('cell')
    .allTextContents();
  const number = (text: string | undefined) => Number((text ?? '').replaceAll(',', ''));
  return { assigned: number(cells[0]), exposed: number(cells[1]), converted: number(cells[2]) };
}

describe('dashboard experiments in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');
  const origins = inject('origins');

  it('keeps a user on one wording, and shows the admin their exposure and conversion', async () => {
    const admin = await newPage(browser(), baseUrl, { width: 1440, height: 900 });
    await signInThroughUi(admin.page, inject('adminEmail'), inject('adminPassword'));
    await admin.page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();
    const before = {
      'storage-first': await countsOf(admin.page, 'storage-first'),
      'outcome-first': await countsOf(admin.page, 'outcome-first'),
    };

    const customer = await newPage(browser(), baseUrl);
    const { page } = customer;
    const email = uniqueEmail('katherine');
    await signUpThroughUi(page, {
      company: 'Tern Studio',
      name: 'Katherine Johnson',
      email,
      password: 'a-long-password',
    });
    const viewed = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        request.url().endsWith('/api/v4/events') &&
        (request.postData() ?? '').includes('Experiment Viewed'),
    );
    await page.goto('/sources/new');
    const variant = await shownVariant(page);
    expect((await (await viewed).response())?.status()).toBe(202);
    await screenshot(page, 'experiments-wizard-first-step');

    // The assignment is stored: a reload, and a new browser session, show the same wording.
    await page.reload();
    expect(await shownVariant(page)).toBe(variant);
    const again = await newPage(browser(), baseUrl);
    await signInThroughUi(again.page, email, 'a-long-password');
    await again.page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();
    await again.page.goto('/sources/new');
    expect(await shownVariant(again.page)).toBe(variant);
    await again.context.close();

    // Deploying a source is the experiment's conversion.
    await page.getByRole('radio', { name: /^Web Folder/ }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Base URL').fill(origins.webFolderUrl);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const deploy = page.getByRole('button', { name: 'Deploy Source' });
    await deploy.waitFor();
    await expect.poll(() => deploy.isEnabled(), { timeout: 15_000 }).toBe(true);
    await deploy.click();
    await page.getByRole('dialog', { name: 'Your source has been created' }).waitFor();
    await page.getByRole('button', { name: 'Go to my source' }).click();
    await page.getByText('Deployed', { exact: true }).first().waitFor({ timeout: 30_000 });
    await customer.context.close();

    const other: Variant = variant === 'storage-first' ? 'outcome-first' : 'storage-first';
    expect(await countsOf(admin.page, variant)).toEqual({
      assigned: before[variant].assigned + 1,
      exposed: before[variant].exposed + 1,
      converted: before[variant].converted + 1,
    });
    expect(await countsOf(admin.page, other)).toEqual(before[other]);
    await screenshot(admin.page, 'experiments-admin-desktop');
    await admin.context.close();

    const phone = await newPage(browser(), baseUrl, PHONE);
    await signInThroughUi(phone.page, inject('adminEmail'), inject('adminPassword'));
    await phone.page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();
    await phone.page.goto('/admin/experiments');
    await phone.page.getByRole('list', { name: 'Results of wizard-first-step' }).waitFor();
    await screenshot(phone.page, 'experiments-admin-phone');
    await phone.context.close();
  });
});
