import { describe, expect, inject, it } from 'vitest';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

/** One rendering of the demo source per family, shown side by side for a person to look at. */
const GALLERY: readonly { label: string; query: string; width: number; height: number }[] = [
  { label: 'w=240', query: 'w=240', width: 240, height: 240 },
  { label: 'crop 240x160', query: 'w=240&h=160&fit=crop', width: 240, height: 160 },
  { label: 'fill blur', query: 'w=240&h=160&fit=fill&fill=blur', width: 240, height: 160 },
  { label: 'sepia + vignette mask', query: 'w=200&sepia=80&mask=ellipse', width: 200, height: 200 },
  { label: 'duotone', query: 'w=200&duotone=000080,ffd700', width: 200, height: 200 },
  {
    label: 'border + radius',
    query: 'w=200&border=8,f97316&border-radius=24',
    width: 200,
    height: 200,
  },
  {
    label: 'text',
    query: 'w=240&txt=Darkroom&txt-size=28&txt-color=fff&txt-align=bottom,center&txt-shad=8',
    width: 240,
    height: 240,
  },
  {
    label: 'watermark',
    query: 'w=240&mark=/coffee.png&mark-w=0.3&mark-align=top,right&mark-pad=8',
    width: 240,
    height: 240,
  },
  {
    label: 'blend',
    query: 'w=200&blend-color=3b82f6&blend-mode=multiply&blend-alpha=60',
    width: 200,
    height: 200,
  },
  { label: 'rot=20', query: 'w=160&rot=20', width: 0, height: 0 },
  { label: 'px=12', query: 'w=200&px=12', width: 200, height: 200 },
  { label: 'auto=format', query: 'w=200&auto=format,compress', width: 200, height: 200 },
];

describe('delivery in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');
  const deliveryOrigin = baseUrl.replace(/\/\/[^:/]+/, '//demo.localhost');

  it('serves the demo source transformed by URL parameters at demo.localhost', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await page.setContent(
      `<!doctype html><title>Demo renders</title><style>body{font:14px sans-serif;display:flex;flex-wrap:wrap;gap:16px;padding:16px;background:#e5e7eb}figure{margin:0}figcaption{margin-top:4px}</style>` +
        GALLERY.map(
          ({ label, query }) =>
            `<figure><img alt="${label}" src="${deliveryOrigin}/astronaut.png?${query.replaceAll('&', '&amp;')}"><figcaption>${label}</figcaption></figure>`,
        ).join(''),
    );
    const sizes = await page.evaluate(async () => {
      const images = [...document.images];
      await Promise.all(
        images.map((image) =>
          image.complete
            ? null
            : new Promise((resolve) => (image.onload = image.onerror = resolve)),
        ),
      );
      return images.map((image) => ({
        label: image.alt,
        width: image.naturalWidth,
        height: image.naturalHeight,
      }));
    });
    for (const expected of GALLERY) {
      const actual = sizes.find((size) => size.label === expected.label);
      expect(actual?.width, expected.label).toBeGreaterThan(0);
      if (expected.width > 0) {
        expect([actual?.width, actual?.height], expected.label).toEqual([
          expected.width,
          expected.height,
        ]);
      }
    }
    await screenshot(page, 'delivery-demo-gallery');
    await context.close();
  });

  it('answers a bad parameter with the message the spec gives', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    const response = await page.goto(`${deliveryOrigin}/astronaut.png?w=abc`);
    expect(response?.status()).toBe(400);
    expect(await response?.text()).toContain('The value for "w" must be');
    await context.close();
  });

  it('opens a delivery URL of the demo source from its configuration page', async () => {
    const { context, page } = await newPage(browser(), baseUrl, PHONE);
    await signUpThroughUi(page, {
      company: 'Lumen Prints',
      name: 'Ansel Adams',
      email: uniqueEmail('ansel'),
      password: 'a-long-password',
    });
    await page.goto('/sources/000000000000000000000000');
    const open = page.getByRole('link', { name: /open in a new tab/i });
    await open.waitFor();
    const href = await open.getAttribute('href');
    expect(href).toMatch(/^http:\/\/demo\.localhost:\d+\/astronaut\.png/);
    const [popup] = await Promise.all([context.waitForEvent('page'), open.click()]);
    await popup.waitForLoadState();
    expect(await popup.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBeGreaterThan(0);
    await screenshot(page, 'demo-source-config-phone');
    await context.close();
  });
});
