import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const artifactsDir = fileURLToPath(new URL('../artifacts', import.meta.url));

// Debian's Chromium, without the background services that this closed network refuses.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Saves a screenshot of everything on the page under e2e/artifacts/ (git-ignored) for people to
 * look at. The app scrolls inside its main region, so the viewport grows to that content first.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  const viewport = page.viewportSize();
  const contentHeight = await page.evaluate(() =>
    Math.max(
      document.documentElement.scrollHeight,
      ...[...document.querySelectorAll('main')].map(
        (main) => main.scrollHeight + main.getBoundingClientRect().top,
      ),
    ),
  );
  if (viewport && contentHeight > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height: Math.ceil(contentHeight) });
  }
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
  if (viewport) await page.setViewportSize(viewport);
}

/** A unique email per run so specs never collide with each other or earlier runs. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}

/** Launches one Chromium for the calling spec file and closes it afterwards. */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium has not started: call the getter inside a test.');
    return browser;
  };
}
