// Single sign-on in Chromium against a real OpenID provider (node-oidc-provider on loopback). The
// app is a server of this spec's own (support/own-app.ts) configured for that provider, so the
// shared app and the other specs keep a sign-in page without single sign-on.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLink } from '../../packages/server/test/mail/mime.ts';
import { startSmtpInbox, type SmtpInbox } from '../../packages/server/test/mail/smtp-inbox.ts';
import {
  startOidcProvider,
  type TestOidcProvider,
} from '../../packages/server/test/oidc/provider.ts';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { createAccountThroughApi, signInThroughUi, signOutThroughUi } from '../support/flows.ts';
import { freePort, startOwnApp, type OwnApp } from '../support/own-app.ts';

const UNAVAILABLE = 'Google Sign-In is temporarily unavailable; refresh and retry.';

/** The provider's development pages import a web font: this closed network never answers it. */
async function keepOnThisMachine(context: BrowserContext): Promise<void> {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
}

/** Goes through the provider's login page (any password) and its consent page. */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  await page.getByPlaceholder('Enter any login').fill(email);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** From the sign-in page, through the provider, to the Users page, where SSO can be required. */
async function requireSsoThroughUi(page: Page, email: string): Promise<void> {
  await page.goto('/sign-in?next=%2Fusers');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await signInAtProvider(page, email);
  await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
  const requireSso = page.getByRole('switch', { name: 'Require single sign-on' });
  await requireSso.click();
  await expect.poll(() => requireSso.getAttribute('aria-checked')).toBe('true');
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

describe('single sign-on in the browser', () => {
  const browser = useChromium();
  let provider: TestOidcProvider;
  let inbox: SmtpInbox;
  let app: OwnApp;

  beforeAll(async () => {
    const port = await freePort();
    provider = await startOidcProvider({
      redirectUris: [`http://127.0.0.1:${port}/api/v4/sso/callback`],
    });
    inbox = await startSmtpInbox();
    app = await startOwnApp(port, { ...provider.env, SMTP_URL: inbox.url });
  });

  afterAll(async () => {
    await app?.close();
    await inbox?.close();
    await provider?.close();
  });

  it('signs in with Google, lands in the dashboard, and can require it for the account', async () => {
    const person = {
      company: 'Northwind Images',
      name: 'Katherine Johnson',
      email: uniqueEmail('katherine'),
      password: 'a-long-password',
    };
    await createAccountThroughApi(app.baseUrl, person);
    const { context, page } = await newPage(browser(), app.baseUrl);
    await keepOnThisMachine(context);

    await page.goto('/sign-in?next=%2Fusers');
    await screenshot(page, 'sso-sign-in-desktop');
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await signInAtProvider(page, person.email);

    // Back in the dashboard, signed in, on the page asked for, with no code left in the address.
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/users');
    expect(new URL(page.url()).hash).toBe('');
    await page.getByRole('cell', { name: person.email }).waitFor();
    await page.reload();
    await page.getByRole('cell', { name: person.email }).waitFor();

    // The admin signed in with Google: they may make it the only way in.
    const requireSso = page.getByRole('switch', { name: 'Require single sign-on' });
    await requireSso.click();
    await expect.poll(() => requireSso.getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'sso-required-users-desktop');

    await signOutThroughUi(page);
    await signInThroughUi(page, person.email, person.password);
    await page
      .getByText("This account requires single sign-on. Use 'Sign in with Google'.")
      .waitFor();
    await context.close();
  });

  it('an invitation to an account that requires it is accepted by signing in with Google', async () => {
    const admin = {
      company: 'Langley Research',
      name: 'Dorothy Vaughan',
      email: uniqueEmail('dorothy'),
      password: 'a-long-password',
    };
    await createAccountThroughApi(app.baseUrl, admin);
    const owner = await newPage(browser(), app.baseUrl);
    await keepOnThisMachine(owner.context);
    await requireSsoThroughUi(owner.page, admin.email);

    await owner.page.getByRole('link', { name: 'Add user' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Add user' });
    const teammateEmail = uniqueEmail('christine');
    await dialog.getByLabel('Name').fill('Christine Darden');
    await dialog.getByLabel('Email').fill(teammateEmail);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const sent = owner.page.getByRole('dialog', { name: 'Invitation sent' });
    await sent.getByText(`Invitation sent to ${teammateEmail}.`).waitFor();
    await sent.getByRole('button', { name: 'Done' }).click();
    const row = owner.page.getByRole('row').filter({ hasText: teammateEmail });
    await row.getByText('Invitation pending').waitFor();

    const mail = await inbox.nextMessageTo(teammateEmail);
    expect(mail.text).toContain('Langley Research signs in with Google');
    const teammate = await newPage(browser(), app.baseUrl, PHONE);
    await keepOnThisMachine(teammate.context);
    await teammate.page.goto(firstLink(mail.text));
    await teammate.page
      .getByRole('heading', { name: 'Join Langley Research on Darkroom' })
      .waitFor();
    await teammate.page
      .getByText(`Langley Research signs in with Google: continue with Google as ${teammateEmail}.`)
      .waitFor();
    expect(await teammate.page.getByLabel('New password').count()).toBe(0);
    expect(await horizontalOverflow(teammate.page)).toBeLessThanOrEqual(0);
    await screenshot(teammate.page, 'accept-invitation-sso-phone');
    await teammate.page.getByRole('link', { name: 'Sign in with Google' }).click();
    await teammate.page.waitForURL((url) => url.origin === provider.issuer);
    await signInAtProvider(teammate.page, teammateEmail);
    await teammate.page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();

    // The admin sees the teammate in: the invitation is no longer pending.
    await owner.page.reload();
    await owner.page.getByRole('cell', { name: teammateEmail }).waitFor();
    expect(await row.getByText('Invitation pending').count()).toBe(0);
    await Promise.all([owner.context.close(), teammate.context.close()]);
  });

  it('tells someone without an account to ask for an invitation', async () => {
    const { context, page } = await newPage(browser(), app.baseUrl);
    await keepOnThisMachine(context);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await signInAtProvider(page, uniqueEmail('stranger'));
    await page
      .getByText('No Darkroom account uses this email; ask your administrator for an invitation.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await context.close();
  });

  it('shows that Google Sign-In is unavailable when the sign-in fails, at phone width', async () => {
    const person = {
      company: 'Pocket Prints',
      name: 'Mary Jackson',
      email: uniqueEmail('mary'),
      password: 'a-long-password',
    };
    await createAccountThroughApi(app.baseUrl, person);
    const { context, page } = await newPage(browser(), app.baseUrl, PHONE);
    await keepOnThisMachine(context);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Sign in with Google' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'sso-sign-in-phone');
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    // The sign-in state this browser was given is lost on the way (it expired, say): the code
    // the provider sends back must not sign anyone in.
    await context.clearCookies({ name: 'darkroom_sso' });
    await signInAtProvider(page, person.email);
    await page.getByRole('alert').getByText(UNAVAILABLE, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'sso-unavailable-phone');

    // "Refresh and retry": the refreshed page no longer shows the old failure.
    await page.reload();
    await page.getByRole('link', { name: 'Sign in with Google' }).waitFor();
    expect(await page.getByText(UNAVAILABLE).count()).toBe(0);
    await context.close();
  });
});
