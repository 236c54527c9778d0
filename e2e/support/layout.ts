// Layout checks at a wide laptop and a phone: nothing wider than the screen, and a screenshot of
// each for people to look at. Specs call them on pages they have already filled with content.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PHONE, screenshot } from './browser.ts';

/** A common laptop screen, wider than the suite's default DESKTOP. */
export const WIDE_DESKTOP = { width: 1440, height: 900 };

const LAYOUT_WIDTHS = [
  { label: 'wide', viewport: WIDE_DESKTOP },
  { label: 'phone', viewport: PHONE },
] as const;

/**
 * How far the page is wider than the window, and how far the widest `main` is wider than its
 * box: the app scrolls inside `main`, so content too wide for it scrolls there, not the page.
 */
export function horizontalOverflow(page: Page): Promise<{ page: number; main: number }> {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    main: Math.max(
      0,
      ...[...document.querySelectorAll('main')].map((main) => main.scrollWidth - main.clientWidth),
    ),
  }));
}

/**
 * At 1440x900 and at 390x844, once `ready` shows: asserts nothing scrolls sideways and saves
 * `<name>-wide.png` and `<name>-phone.png`. The page keeps its viewport afterwards.
 */
export async function checkLayoutAtWidths(page: Page, name: string, ready: Locator): Promise<void> {
  const original = page.viewportSize();
  for (const { label, viewport } of LAYOUT_WIDTHS) {
    await page.setViewportSize(viewport);
    await ready.waitFor();
    const overflow = await horizontalOverflow(page);
    expect(
      overflow.page,
      `${name} at ${label} width: the page scrolls sideways`,
    ).toBeLessThanOrEqual(0);
    expect(overflow.main, `${name} at ${label} width: main scrolls sideways`).toBeLessThanOrEqual(
      0,
    );
    await screenshot(page, `${name}-${label}`);
  }
  if (original) await page.setViewportSize(original);
}
