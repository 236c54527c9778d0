import { describe, expect, inject, it } from 'vitest';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signInThroughUi, signOutThroughUi, signUpThroughUi } from '../support/flows.ts';

describe('accounts and sessions in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');

  it('signs up, signs out and signs back in, keeping the session across a reload', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    const person = {
      company: 'Lumen Studio',
      name: 'Grace Hopper',
      email: uniqueEmail('grace'),
      password: 'a-long-password',
    };

    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to Darkroom' }).waitFor();
    await screenshot(page, 'sign-in-desktop');

    await page.goto('/sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Submitting an empty form focuses the first invalid field and says what is missing.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('company');
    await screenshot(page, 'sign-up-errors-desktop');

    await signUpThroughUi(page, person);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('cell', { name: person.email }).waitFor();
    await screenshot(page, 'users-after-sign-up-desktop');

    await page.reload();
    await page.getByRole('cell', { name: person.email }).waitFor();

    await signOutThroughUi(page);
    await page.goto('/users');
    await page.getByRole('heading', { name: 'Sign in to Darkroom' }).waitFor();

    await signInThroughUi(page, person.email, 'a-wrong-password');
    await page.getByText('Incorrect email or password.').waitFor();
    await screenshot(page, 'sign-in-wrong-password-desktop');

    await signInThroughUi(page, person.email, person.password);
    // Signing in from /users?next returns there.
    await page.getByRole('heading', { name: /^(Users|Sources)$/ }).waitFor();
    await context.close();
  });

  it('lays the sign-up page and the app out for a phone', async () => {
    const { context, page } = await newPage(browser(), baseUrl, PHONE);
    await page.goto('/sign-up');
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    await screenshot(page, 'sign-up-phone');

    await signUpThroughUi(page, {
      company: 'Pocket Prints',
      name: 'Alan Turing',
      email: uniqueEmail('alan'),
      password: 'a-long-password',
    });
    // No horizontal scrolling at phone width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'sources-phone');
    await page
      .getByRole('button', { name: /open navigation|menu/i })
      .first()
      .click();
    await screenshot(page, 'navigation-drawer-phone');
    await context.close();
  });
});
