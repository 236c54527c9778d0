import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export interface Person {
  company: string;
  name: string;
  email: string;
  password: string;
}

/** Signs up through the dashboard's sign-up page, as a new customer would. */
export async function signUpThroughUi(page: Page, person: Person): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Company').fill(person.company);
  await page.getByLabel('Your name').fill(person.name);
  await page.getByLabel('Work email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();
}

export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function signOutThroughUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to Darkroom' }).waitFor();
}

/**
 * Changes plan on the Billing screen as a customer would (Plans, Upgrade, confirm), for specs
 * that need more sources or users than the Free plan includes.
 */
export async function upgradePlanThroughUi(page: Page, plan: string): Promise<void> {
  await page.goto('/billing/plans');
  await page.getByRole('button', { name: `Upgrade to ${plan}` }).click();
  const confirm = page.getByRole('dialog', { name: `Upgrade to ${plan}?` });
  await confirm.getByRole('button', { name: `Switch to ${plan}` }).click();
  await page.getByText(`You are on the ${plan} plan`).waitFor();
}

/** Creates an account through the API directly, for specs about what comes after sign-up. */
export async function createAccountThroughApi(baseUrl: string, person: Person): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v4/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json', accept: 'application/vnd.api+json' },
    body: JSON.stringify({ data: { type: 'accounts', attributes: person } }),
  });
  expect(response.status).toBe(201);
  const document = (await response.json()) as { data: { attributes: { user_id: string } } };
  return document.data.attributes.user_id;
}
