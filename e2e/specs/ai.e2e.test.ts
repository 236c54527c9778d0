import http from 'node:http';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

const DEMO_SOURCE_ID = '0'.repeat(24);

// The real models, run by the server's worker processes.
describe('AI features in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');

  it('shows the faces, labels and alt text found in a demo image', async () => {
    const { page } = await newPage(browser(), baseUrl);
    await signUpThroughUi(page, {
      company: 'Lens Works',
      name: 'Grace Hopper',
      email: uniqueEmail('grace'),
      password: 'a-long-password',
    });
    await page.goto(`/assets/${DEMO_SOURCE_ID}/astronaut.png`);
    await page.getByRole('heading', { level: 1, name: 'astronaut.png' }).waitFor();
    // Indexing and then analysis run after the server starts: reload until they are done.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1, name: 'astronaut.png' }).waitFor();
          return page.getByText('Photo of a person', { exact: false }).isVisible();
        },
        { timeout: 120_000, interval: 2_000 },
      )
      .toBe(true);
    const details = await page.getByRole('definition').allTextContents();
    expect(details.some((text) => /person\s*·\s*\d+%/.test(text))).toBe(true);
    await screenshot(page, 'asset-page-ai-analysis');
  });

  it(
    "answers the editor's HEAD 423 at once, and holds a GET until the background is removed",
    { timeout: 240_000 },
    async () => {
      const { port } = new URL(baseUrl);
      // The server's delivery domain is localhost:{port} (DELIVERY_DOMAIN's default).
      const host = `localhost:${port}`;
      const target = '/coffee.png?bg-remove=true&w=200&fm=png';
      // The editor's probe (spec editor section 4, Image loading): a HEAD is not held.
      const probe = await deliver('HEAD', port, `demo.${host}`, target);
      expect(probe.status).toBe(423);
      // An `<img>`'s GET waits for the render (RENDER_JOB_WAIT_MS), and past the wait is answered
      // 423 and asked again, as an imgix client does.
      const statuses: number[] = [];
      let body: Buffer = Buffer.alloc(0);
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const answer = await deliver('GET', port, `demo.${host}`, target);
        statuses.push(answer.status);
        body = answer.body;
        if (answer.status !== 423) break;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      expect(statuses.slice(0, -1).every((status) => status === 423)).toBe(true);
      expect(statuses.at(-1)).toBe(200);
      const { data, info } = await sharp(body)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(200);
      // The corner of coffee.png is background (cleared); the cup in the middle is kept.
      expect(data[3]).toBe(0);
      const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 4;
      expect(data[middle + 3]).toBeGreaterThan(240);
    },
  );
});

/** A delivery request with its own Host header (fetch would not send one). */
function deliver(
  method: 'GET' | 'HEAD',
  port: string,
  host: string,
  target: string,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: Number(port), path: target, method, headers: { host } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}
