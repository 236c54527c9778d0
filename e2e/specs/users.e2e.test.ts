import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signInThroughUi, signOutThroughUi, signUpThroughUi } from '../support/flows.ts';
import { checkLayoutAtWidths } from '../support/layout.ts';
import { linkIn, waitForMail } from '../support/mail-drop.ts';
import { freePort, startOwnApp, type OwnApp } from '../support/own-app.ts';

const LAST_ADMIN =
  "This is the account's last Account Admin. Make another teammate an Account Admin first.";

/** The permission groups a row of the users table shows, once it shows them. */
async function groupsIn(row: Locator): Promise<string[]> {
  const groups = row.getByRole('list', { name: 'Permission groups' });
  await groups.waitFor();
  return groups.getByRole('listitem').allTextContents();
}

/** The text of the elements an element's aria-describedby names: what is announced with it. */
function descriptionOf(element: Locator): Promise<string> {
  return element.evaluate((node) =>
    (node.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

/** Invites a teammate from the Users page with the default groups, and closes the outcome. */
async function inviteThroughUi(page: Page, name: string, email: string): Promise<void> {
  await page.getByRole('link', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await page
    .getByRole('dialog', { name: 'Invitation sent' })
    .getByRole('button', { name: 'Done' })
    .click();
}

describe('teammates in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');
  const mailDir = inject('mailDir');

  it('adds a teammate who then appears in the list', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpThroughUi(page, {
      company: 'Parallax Labs',
      name: 'Katherine Johnson',
      email: uniqueEmail('katherine'),
      password: 'a-long-password',
    });

    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('link', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('This field is required').first().waitFor();
    await screenshot(page, 'add-user-errors-desktop');

    const teammateEmail = uniqueEmail('dorothy');
    await dialog.getByLabel('Name').fill('Dorothy Vaughan');
    await dialog.getByLabel('Email').fill(teammateEmail);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();

    const sent = page.getByRole('dialog', { name: 'Invitation sent' });
    await sent.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: teammateEmail }).waitFor();
    await screenshot(page, 'users-with-teammate-desktop');

    // The list with a pending invitation, on a wide laptop and on a phone.
    await checkLayoutAtWidths(
      page,
      'users',
      page.getByRole('heading', { name: 'Users', level: 1 }),
    );
    await context.close();
  });

  it("changes a teammate's groups, keeps the last Account Admin, and locks what the teammate lacks", async () => {
    const adminName = 'Edith Clarke';
    const adminEmail = uniqueEmail('edith');
    const admin = await newPage(browser(), baseUrl);
    await signUpThroughUi(admin.page, {
      company: 'Calculating Grids',
      name: adminName,
      email: adminEmail,
      password: 'a-long-password',
    });
    await admin.page.getByRole('link', { name: 'Users' }).click();
    const teammateName = 'Ruth Teitelbaum';
    const teammateEmail = uniqueEmail('ruth');
    await inviteThroughUi(admin.page, teammateName, teammateEmail);
    const teammateRow = admin.page.getByRole('row').filter({ hasText: teammateEmail });
    expect(await groupsIn(teammateRow)).toEqual(['Asset Manager Browse']);

    // Analytics instead of the default group, kept after a reload.
    await teammateRow.getByRole('button', { name: `Edit permissions of ${teammateName}` }).click();
    const edit = admin.page.getByRole('dialog', { name: `Permissions of ${teammateName}` });
    await edit.getByRole('checkbox', { name: 'Asset Manager Browse' }).uncheck();
    await edit.getByRole('checkbox', { name: 'Analytics' }).check();
    await edit.getByRole('button', { name: 'Save permissions' }).click();
    await admin.page.getByText('Permissions saved').waitFor();
    await edit.waitFor({ state: 'detached' });
    await admin.page.reload();
    expect(await groupsIn(teammateRow)).toEqual(['Analytics']);
    await teammateRow.getByRole('button', { name: `Edit permissions of ${teammateName}` }).click();
    expect(await edit.getByRole('checkbox', { name: 'Analytics' }).isChecked()).toBe(true);
    expect(await edit.getByRole('checkbox', { name: 'Asset Manager Browse' }).isChecked()).toBe(
      false,
    );
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // The account's only Account Admin cannot give it up (platform spec section 5).
    const ownRow = admin.page.getByRole('row').filter({ hasText: adminEmail });
    await ownRow.getByRole('button', { name: `Edit permissions of ${adminName}` }).click();
    const own = admin.page.getByRole('dialog', { name: `Permissions of ${adminName}` });
    await own.getByRole('checkbox', { name: 'Account Admin' }).uncheck();
    await own.getByRole('checkbox', { name: 'Billing' }).check();
    await own
      .getByText('Once saved, you can no longer manage users or their permissions.')
      .waitFor();
    await own.getByRole('button', { name: 'Save permissions' }).click();
    await own.getByRole('alert').getByText(LAST_ADMIN).waitFor();
    await screenshot(admin.page, 'users-last-admin-refused-desktop');
    await own.getByRole('button', { name: 'Cancel' }).click();
    await admin.page.reload();
    expect(await groupsIn(ownRow)).toEqual(['Account Admin']);

    // The teammate joins from the emailed link, then signs in with only Analytics.
    const mail = await waitForMail(mailDir, teammateEmail, /invited you to join/);
    const teammate = await newPage(browser(), baseUrl);
    await teammate.page.goto(linkIn(mail));
    await teammate.page.getByLabel('New password', { exact: true }).fill('differential-analyser');
    await teammate.page
      .getByLabel('Confirm new password', { exact: true })
      .fill('differential-analyser');
    await teammate.page.getByRole('button', { name: 'Accept and sign in' }).click();
    await teammate.page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();
    await signOutThroughUi(teammate.page);
    await signInThroughUi(teammate.page, teammateEmail, 'differential-analyser');
    await teammate.page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();

    // What the groups do not open stays in the navigation, disabled, with the group it needs.
    const navigation = teammate.page.getByRole('navigation', { name: 'Main' });
    const analytics = navigation.getByRole('link', { name: 'Analytics', exact: true });
    expect(await analytics.getAttribute('href')).toBe('/analytics');
    const locked = [
      ['Assets', 'Asset Manager Browse'],
      ['Purge', 'Purge'],
      ['Billing', 'Billing'],
      ['Users', 'Account Admin'],
      ['API keys', 'Account Admin'],
      ['Audit log', 'Account Admin'],
    ] as const;
    for (const [label, group] of locked) {
      const entry = navigation.getByRole('link', { name: label, exact: true });
      expect(await entry.getAttribute('aria-disabled'), label).toBe('true');
      expect(await entry.getAttribute('href'), label).toBeNull();
      expect(await descriptionOf(entry)).toBe(
        `Needs the ${group} permission group — ask an Account Admin.`,
      );
    }
    await screenshot(teammate.page, 'navigation-locked-desktop');

    // A locked page opened by its address says why, instead of the API's refusal.
    await teammate.page.goto('/users');
    await teammate.page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    const explanation = teammate.page.getByRole('region', {
      name: 'This page needs the Account Admin permission group',
    });
    await explanation
      .getByText('Ask an Account Admin of your account to grant it to you on the Users page.')
      .waitFor();
    await explanation.getByText('Your permission groups: Analytics.').waitFor();
    expect(await teammate.page.getByRole('table').count()).toBe(0);
    await checkLayoutAtWidths(teammate.page, 'users-locked', explanation);
    await Promise.all([admin.context.close(), teammate.context.close()]);
  });
});

describe('the Users page of a server without mail', () => {
  const browser = useChromium();
  let app: OwnApp | undefined;

  beforeAll(async () => {
    // Empty is unset: whatever this shell has, the server sends no mail.
    app = await startOwnApp(await freePort(), { SMTP_URL: '' });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('says that invitation and password-reset links go to the server log, and what to set', async () => {
    if (!app) throw new Error('The app did not start.');
    const { context, page } = await newPage(browser(), app.baseUrl);
    const email = uniqueEmail('hedy');
    await signUpThroughUi(page, {
      company: 'Offline Instruments',
      name: 'Hedy Lamarr',
      email,
      password: 'a-long-password',
    });
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('cell', { name: email }).waitFor();
    const notice = page.getByRole('region', { name: 'This server does not send email' });
    await notice
      .getByText('Invitation and password-reset links are written to the server log instead', {
        exact: false,
      })
      .waitFor();
    expect(await notice.textContent()).toContain(
      'set SMTP_URL (the mail server) and MAIL_FROM (the sender) on the server and restart it.',
    );
    await checkLayoutAtWidths(page, 'users-mail-off', notice);
    await context.close();
  });
});
