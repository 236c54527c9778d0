// Emailed links in Chromium: the shared app sends its mail to a real SMTP server on loopback
// (support/mail-drop.ts); each test reads the message and follows its link as a person would.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { createAccountThroughApi, signInThroughUi, signUpThroughUi } from '../support/flows.ts';
import { linkIn, waitForMail } from '../support/mail-drop.ts';

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function chooseNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(password);
}

async function signInStatus(baseUrl: string, email: string, password: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v4/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({ data: { type: 'sessions', attributes: { email, password } } }),
  });
  return response.status;
}

describe('invitations and password resets in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');
  const mailDir = inject('mailDir');

  it('an admin invites a teammate, who follows the emailed link, chooses a password and is in', async () => {
    const admin = await newPage(browser(), baseUrl);
    await signUpThroughUi(admin.page, {
      company: 'Harvard Computers',
      name: 'Williamina Fleming',
      email: uniqueEmail('williamina'),
      password: 'a-long-password',
    });
    await admin.page.getByRole('link', { name: 'Users' }).click();
    await admin.page.getByRole('link', { name: 'Add user' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Add user' });
    const teammateEmail = uniqueEmail('henrietta');
    await dialog.getByLabel('Name').fill('Henrietta Leavitt');
    await dialog.getByLabel('Email').fill(teammateEmail);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();

    const sent = admin.page.getByRole('dialog', { name: 'Invitation sent' });
    await sent.getByText(`Invitation sent to ${teammateEmail}.`).waitFor();
    await screenshot(admin.page, 'invitation-sent-desktop');
    await sent.getByRole('button', { name: 'Done' }).click();
    const row = admin.page.getByRole('row').filter({ hasText: teammateEmail });
    await row.getByText('Invitation pending').waitFor();

    const mail = await waitForMail(mailDir, teammateEmail, /invited you to join/);
    expect(mail.subject).toBe(
      'Williamina Fleming invited you to join Harvard Computers on Darkroom',
    );
    const link = linkIn(mail);
    expect(link.startsWith(`${baseUrl}/accept-invitation#dri_`)).toBe(true);

    // The teammate opens it on a phone.
    const teammate = await newPage(browser(), baseUrl, PHONE);
    await teammate.page.goto(link);
    await teammate.page
      .getByRole('heading', { name: 'Join Harvard Computers on Darkroom' })
      .waitFor();
    await teammate.page.getByText(teammateEmail).waitFor();
    expect(await teammate.page.getByLabel('Your name').inputValue()).toBe('Henrietta Leavitt');
    expect(await horizontalOverflow(teammate.page)).toBeLessThanOrEqual(0);
    await screenshot(teammate.page, 'accept-invitation-phone');
    await chooseNewPassword(teammate.page, 'cepheid-variables-1912');
    await teammate.page.getByRole('button', { name: 'Accept and sign in' }).click();
    await teammate.page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();

    // The link worked once.
    const again = await newPage(browser(), baseUrl);
    await again.page.goto(link);
    await again.page.getByText('This invitation was already accepted').waitFor();
    expect(await signInStatus(baseUrl, teammateEmail, 'cepheid-variables-1912')).toBe(201);

    await admin.page.reload();
    await admin.page.getByRole('cell', { name: teammateEmail }).waitFor();
    expect(await row.getByText('Invitation pending').count()).toBe(0);
    await Promise.all([admin.context.close(), teammate.context.close(), again.context.close()]);
  });

  it('Forgot password sends a link that sets a new password, ending every session', async () => {
    const email = uniqueEmail('annie');
    const oldPassword = 'harvard-classification-1';
    await createAccountThroughApi(baseUrl, {
      company: 'Spectral Types',
      name: 'Annie Jump Cannon',
      email,
      password: oldPassword,
    });
    const elsewhere = await newPage(browser(), baseUrl);
    await signInThroughUi(elsewhere.page, email, oldPassword);
    await elsewhere.page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();

    const { context, page } = await newPage(browser(), baseUrl, PHONE);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'forgot-password-sent-phone');

    const mail = await waitForMail(mailDir, email, /Reset your Darkroom password/);
    const link = linkIn(mail);
    expect(link.startsWith(`${baseUrl}/reset-password#drr_`)).toBe(true);
    await page.goto(link);
    await chooseNewPassword(page, 'o-b-a-f-g-k-m-2024');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Your password is changed' }).waitFor();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await signInThroughUi(page, email, 'o-b-a-f-g-k-m-2024');
    await page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();
    expect(await signInStatus(baseUrl, email, oldPassword)).toBe(401);

    // The browser signed in before the reset is signed out on its next request.
    await elsewhere.page.getByRole('link', { name: 'Users' }).click();
    await elsewhere.page.getByRole('heading', { name: 'Sign in to Darkroom' }).waitFor();
    await Promise.all([context.close(), elsewhere.context.close()]);
  });
});
