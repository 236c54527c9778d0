import { describe, inject, it } from 'vitest';
import { newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

describe('teammates in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');

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
    await context.close();
  });
});
