import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

/** The getting-started card of the Sources page. */
function checklistOf(page: Page): Locator {
  return page.getByRole('region', { name: 'Get started with Darkroom' });
}

/** What this browser remembers of the account's onboarding (onboarding-state.ts), or {}. */
function rememberedSteps(page: Page): Promise<Record<string, boolean>> {
  return page.evaluate(() => {
    const key = Object.keys(window.localStorage).find((name) =>
      name.startsWith('darkroom.onboarding.'),
    );
    return JSON.parse(
      key === undefined ? '{}' : (window.localStorage.getItem(key) ?? '{}'),
    ) as Record<string, boolean>;
  });
}

/** A step as screen readers hear it: "Done: ..." or "To do: ...". */
function stepOf(checklist: Locator, state: 'Done' | 'To do', title: string): Locator {
  return checklist.getByText(`${state}: ${title}`, { exact: true });
}

describe('onboarding in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');
  const origins = inject('origins');

  it('walks a new account from no source to its first image served', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpThroughUi(page, {
      company: 'Onboarding Co',
      name: 'Grace Hopper',
      email: uniqueEmail('grace'),
      password: 'a-long-password',
    });

    // A new account sees every step to do.
    const checklist = checklistOf(page);
    await checklist.getByText('0 of 4 steps done').waitFor();
    await stepOf(checklist, 'To do', 'Create a source').waitFor();
    await stepOf(checklist, 'To do', 'Serve a first image').waitFor();
    await screenshot(page, 'onboarding-new-account');

    // Create a source: a web folder, through the wizard the step links to.
    await checklist.getByRole('link', { name: 'Create a source' }).click();
    await page.getByRole('heading', { name: 'How do you store your media?' }).waitFor();
    await page.getByRole('radio', { name: /^Web Folder/ }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Base URL').fill(origins.webFolderUrl);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const deploy = page.getByRole('button', { name: 'Deploy Source' });
    await expect.poll(() => deploy.isEnabled(), { timeout: 15_000 }).toBe(true);
    await deploy.click();
    await page.getByRole('button', { name: 'Go to my source' }).click();
    await page.getByText('Deployed', { exact: true }).first().waitFor({ timeout: 30_000 });

    // Back on Sources: the source is done, and the next step says where to ask for an image.
    await page.goto('/sources');
    await stepOf(checklist, 'Done', 'Create a source').waitFor();
    const serveStep = checklist.getByRole('listitem').filter({ hasText: 'Serve a first image' });
    const base = (await serveStep.locator('code').textContent()) ?? '';
    expect(base).toMatch(/^http:\/\/[a-z0-9-]+\.localhost:\d+\/$/);
    expect((await rememberedSteps(page)).firstImageServed).toBeFalsy();
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'onboarding-source-created');

    // The customer requests an image of the source in another tab.
    const image = await context.newPage();
    const answer = await image.goto(`${base}coffee.png`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-type']).toBe('image/png');
    await image.close();

    // The server recorded it: the step is done, and the browser remembers it.
    await page.reload();
    await stepOf(checklist, 'Done', 'Serve a first image').waitFor({ timeout: 30_000 });
    await checklist.getByText('2 of 4 steps done').waitFor();
    await expect.poll(async () => (await rememberedSteps(page)).firstImageServed).toBe(true);
    await screenshot(page, 'onboarding-first-image-served');

    // Trying the playground: the web folder has no index, so the step opens a demo image.
    await checklist.getByRole('link', { name: 'Open the playground' }).click();
    await page.waitForURL(/\/assets\/0{24}\//);
    // The step counts once the playground is on screen: leave only after it is.
    await page.getByRole('region', { name: 'URL playground' }).waitFor({ timeout: 60_000 });
    await page.goto('/sources');
    await stepOf(checklist, 'Done', 'Try a parameter in the URL playground').waitFor();
    await checklist.getByText('3 of 4 steps done').waitFor();

    // On a phone, the card and its remaining step fit the screen.
    await page.setViewportSize(PHONE);
    await stepOf(checklist, 'To do', 'Invite a teammate').waitFor();
    await screenshot(page, 'onboarding-phone');

    // Dismissed, it stays gone.
    await checklist.getByRole('button', { name: 'Dismiss the getting started steps' }).click();
    await expect.poll(() => checklist.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();
    expect(await checklist.count()).toBe(0);
    await context.close();
  });
});
