import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

const run = promisify(execFile);

/** Creates a managed storage source through the wizard and answers its id. */
async function createManagedSource(page: Page): Promise<string> {
  await page.goto('/sources/new');
  await page.getByRole('heading', { name: 'How do you store your media?' }).waitFor();
  await page.getByRole('button', { name: 'Use Darkroom Storage' }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('heading', { name: 'Keep your files on Darkroom' }).waitFor();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const deploy = page.getByRole('button', { name: 'Deploy Source' });
  await expect.poll(() => deploy.isEnabled(), { timeout: 15_000 }).toBe(true);
  await deploy.click();
  await page.getByRole('button', { name: 'Go to my source' }).click();
  await page.waitForURL(/\/sources\/[0-9a-f]{24}$/);
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

describe('video in the asset manager', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');
  let directory: string;
  let clip: string;

  // A clip made at test time from ffmpeg's test sources: four seconds of testsrc2 and a tone.
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'darkroom-e2e-video-'));
    clip = join(directory, 'harbour-tour.mp4');
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=480x270:rate=25:duration=4',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=4',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      clip,
    ]);
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('uploads a video, streams it over HLS in the asset page and copies an HLS embed', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signUpThroughUi(page, {
      company: 'Lighthouse Films',
      name: 'Alice Guy',
      email: uniqueEmail('alice'),
      password: 'a-long-password',
    });
    const sourceId = await createManagedSource(page);
    await page.goto(`/assets?source=${sourceId}`);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Upload files' }).click(),
    ]);
    await chooser.setFiles(clip);
    await page
      .getByRole('list', { name: 'Uploads' })
      .getByText(/^Uploaded, /)
      .waitFor({ timeout: 30_000 });

    // The grid's thumbnail of a video is its poster frame, rendered like an image.
    const tile = page
      .getByRole('list', { name: 'Assets' })
      .getByRole('link', { name: 'harbour-tour.mp4' });
    await tile.waitFor({ timeout: 15_000 });
    const thumbnail = tile.locator('img');
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth), {
        timeout: 20_000,
      })
      .toBe(240);

    await tile.click();
    await page.getByRole('heading', { level: 1, name: 'harbour-tour.mp4' }).waitFor();
    const details = page.getByRole('definition');
    await expect.poll(() => details.allTextContents()).toContain('video/mp4');

    // The first view waits while the stream renders (423), then hls.js plays it.
    const video = page.locator('video[aria-label="harbour-tour.mp4"]');
    await expect
      .poll(() => video.getAttribute('data-state'), { timeout: 90_000, interval: 1_000 })
      .toBe('ready');
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect
      .poll(
        () =>
          video.evaluate((element: HTMLVideoElement) => ({
            playing: !element.paused && element.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA,
            advanced: element.currentTime > 0.5,
            picture: element.videoWidth > 0,
          })),
        { timeout: 30_000, interval: 250 },
      )
      .toEqual({ playing: true, advanced: true, picture: true });
    await screenshot(page, 'asset-video-playing-desktop');

    await page.getByRole('button', { name: 'Copy Embed Code' }).click();
    await page.getByText('Embed code copied').waitFor();
    const embed = await page.evaluate(() => navigator.clipboard.readText());
    expect(embed).toMatch(/^<video id="darkroom-video-[0-9a-z]+" controls playsinline/);
    expect(embed).toMatch(/var source = "http:\/\/[^"]+\/harbour-tour\.mp4\?fm=hls";/);
    await context.close();
  });
});
