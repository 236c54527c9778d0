import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

const JSONAPI = 'application/vnd.api+json';
// A premium render runs as a job; the models and ffmpeg share two cores with the other specs.
const RENDER_TIMEOUT_MS = 120_000;

// The premium modification tools with their paywall, the object tool and the image-to-video page
// (editor spec sections 2, 4 and 6), in Chromium against the real server.
describe('Premium editing tools in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');
  const origins = inject('origins');

  /**
   * A new customer with an S3 source holding coffee.png, its account granted exactly
   * `capabilities` by the operator. The source allows cross-origin reads: the dashboard polls renders with HEAD.
   */
  async function customerWithSource(
    page: Page,
    label: string,
    capabilities: readonly string[],
  ): Promise<string> {
    await signUpThroughUi(page, {
      company: 'Lens Works',
      name: 'Grace Hopper',
      email: uniqueEmail(label),
      password: 'a-long-password',
    });
    const session = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('darkroom.session') ?? '{}') as {
          token: string;
          accountId: string;
        },
    );
    // New accounts get every installed capability by default (DEFAULT_CAPABILITIES=all).
    const admin = await api<{ data: { attributes: { token: string } } }>(
      baseUrl,
      null,
      '/sessions',
      {
        data: {
          type: 'sessions',
          attributes: { email: inject('adminEmail'), password: inject('adminPassword') },
        },
      },
    );
    await api(
      baseUrl,
      admin.data.attributes.token,
      `/admin/accounts/${session.accountId}`,
      {
        data: { type: 'accounts', id: session.accountId, attributes: { capabilities } },
      },
      'PATCH',
    );
    return createS3Source(baseUrl, session.token, origins.s3);
  }

  it('turns an image into a video that plays, and downloads it', { timeout: 240_000 }, async () => {
    const { page } = await newPage(browser(), baseUrl);
    const sourceId = await customerWithSource(page, 'video', ['image_to_video']);
    await page.goto(
      `/assets/${sourceId}/image-to-video?sourceImage=${encodeURIComponent('/coffee.png?w=320')}`,
    );
    await page.getByRole('heading', { level: 1, name: 'Image to video' }).waitFor();
    await page.getByRole('img', { name: 'The still: coffee.png' }).waitFor();

    const duration = page.getByLabel('Duration');
    await duration.fill('2');
    await duration.press('Enter');
    // The zoom heads for the upper left quarter of the picture.
    const picture = page.getByRole('button', { name: /^Focal point:/ });
    const box = await picture.boundingBox();
    if (box === null) throw new Error('The still has no size');
    await picture.click({ position: { x: box.width * 0.25, y: box.height * 0.25 } });
    await page.getByText('Focal point: 25% across, 25% down.').waitFor();
    await screenshot(page, 'image-to-video-settings');

    await page.getByRole('button', { name: 'Generate' }).click();
    // A new clip is a job: the page shows its progress while the server answers 423.
    await page.getByText(/Generating the video/).waitFor();
    await screenshot(page, 'image-to-video-generating');

    const video = page.getByLabel('The generated video');
    await video.waitFor({ timeout: RENDER_TIMEOUT_MS });
    const src = new URL((await video.getAttribute('src')) ?? '');
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      w: '320',
      fm: 'mp4',
      'video-clip-duration': '2',
      crop: 'focalpoint',
      'fp-x': '0.25',
      'fp-y': '0.25',
    });
    // Playing: frames decoded and the clock moving.
    await page.waitForFunction(
      () => {
        const element = document.querySelector('video');
        return element !== null && element.readyState >= 2 && element.currentTime > 0;
      },
      undefined,
      { timeout: 30_000 },
    );
    const seconds = await video.evaluate((element) => (element as HTMLVideoElement).duration);
    expect(seconds).toBeCloseTo(2, 0);
    await screenshot(page, 'image-to-video-playing');

    const downloadLink = page.getByRole('link', { name: 'Download' });
    await downloadLink.waitFor({ timeout: RENDER_TIMEOUT_MS });
    const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
    expect(download.suggestedFilename()).toBe('coffee.mp4');
  });

  it(
    'removes an object through the object tool, waiting out the 423, and applies it',
    { timeout: 240_000 },
    async () => {
      const { page } = await newPage(browser(), baseUrl);
      const sourceId = await customerWithSource(page, 'objects', ['object_removal']);
      await page.goto(`/assets/${sourceId}/coffee.png/editing`);
      await page.getByRole('button', { name: /Object Removal & Replacement/ }).click();
      const panel = page.getByRole('complementary', { name: 'Object removal and replacement' });
      await panel.waitFor();
      const remove = panel.getByRole('button', { name: 'Remove Object' });
      await expect.poll(() => remove.isEnabled(), { timeout: 30_000 }).toBe(true);

      // Move the frame a little, as a person lining it up with the object would.
      const face = page.locator('.cropper-face');
      const frame = await face.boundingBox();
      if (frame === null) throw new Error('The selection frame is not on screen');
      const centre = { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 };
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
      await page.mouse.move(centre.x + 12, centre.y + 8, { steps: 4 });
      await page.mouse.up();
      await screenshot(page, 'object-tool-selection');

      await remove.click();
      await page.getByText('Your Image is still processing. Please wait.').waitFor();
      await panel.getByText('1 object selected.').waitFor();
      await screenshot(page, 'object-tool-processing');

      const apply = panel.getByRole('button', { name: 'Apply and Exit' });
      await expect.poll(() => apply.isEnabled(), { timeout: RENDER_TIMEOUT_MS }).toBe(true);
      const shown = await page.locator('.cropper-canvas img').first().getAttribute('src');
      expect(shown).toMatch(/object-removal-rect=\d+%2C\d+%2C\d+%2C\d+/);
      await screenshot(page, 'object-tool-removed');

      await apply.click();
      await panel.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.url(), { timeout: 10_000 })
        .toMatch(/object-removal-rect=\d+(%2C|,)\d+(%2C|,)\d+(%2C|,)\d+/);
      await screenshot(page, 'editor-object-removed');
    },
  );

  it(
    'shows the paywall to an account without premium capabilities',
    { timeout: 120_000 },
    async () => {
      const { page } = await newPage(browser(), baseUrl);
      const sourceId = await customerWithSource(page, 'paywall', []);
      await page.goto(`/assets/${sourceId}/coffee.png/editing`);
      await page.getByRole('switch', { name: 'Background Removal' }).click();
      const dialog = page.getByRole('dialog', { name: 'Unlock Premium Features' });
      await dialog.waitFor();
      await dialog
        .getByText(
          'Upgrade your plan and streamline your image editing using our avanced AI-powered tools.',
        )
        .waitFor();
      await dialog.getByRole('link', { name: 'Learn more about our premium features' }).waitFor();
      await screenshot(page, 'editor-paywall');
      await dialog.getByRole('button', { name: 'Contact Us' }).click();
      await dialog.getByText(/ask them to grant Background removal/).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      expect(await page.getByRole('switch', { name: 'Background Removal' }).isChecked()).toBe(
        false,
      );

      // The image-to-video page is locked for it too.
      await page.goto(
        `/assets/${sourceId}/image-to-video?sourceImage=${encodeURIComponent('/coffee.png')}`,
      );
      await page.getByRole('button', { name: 'Generate' }).click();
      await page.getByRole('dialog', { name: 'Unlock Premium Features' }).waitFor();
      await screenshot(page, 'image-to-video-paywall');
    },
  );
});

async function api<T>(
  baseUrl: string,
  token: string | null,
  path: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v4${path}`, {
    method,
    headers: {
      accept: JSONAPI,
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': JSONAPI }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An S3 source on the test s3rver holding coffee.png, deployed and indexed, CORS on. */
async function createS3Source(
  baseUrl: string,
  token: string,
  s3: { accessKey: string; secretKey: string; bucket: string },
): Promise<string> {
  const name = `premium-${Date.now().toString(36)}`;
  const created = await api<{ data: { id: string } }>(baseUrl, token, '/sources', {
    data: {
      type: 'sources',
      attributes: {
        name,
        production: {
          type: 's3',
          aws_access_key: s3.accessKey,
          aws_secret_key: s3.secretKey,
          aws_bucket: s3.bucket,
          darkroom_subdomains: [name],
          crossdomain_cors_enabled: true,
        },
      },
    },
  });
  const sourceId = created.data.id;
  await expect
    .poll(
      async () =>
        (
          await api<{ data: { attributes: { deployment_status: string } } }>(
            baseUrl,
            token,
            `/sources/${sourceId}`,
          )
        ).data.attributes.deployment_status,
      { timeout: 30_000, interval: 500 },
    )
    .toBe('deployed');
  await expect
    .poll(
      async () =>
        (
          await fetch(`${baseUrl}/api/v4/assets/${sourceId}/coffee.png`, {
            headers: { accept: JSONAPI, authorization: `Bearer ${token}` },
          })
        ).status,
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe(200);
  return sourceId;
}
