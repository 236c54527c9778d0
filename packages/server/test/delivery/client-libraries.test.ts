// The imgix client libraries sites use, against the listening app: each builds its markup (or
// URLs) the way its documentation shows, and every src and srcset entry is fetched over HTTP and
// must answer 200 at the size imgix documents for it (client-libraries/sizes.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import { imgixClient, jsCoreSrcset } from './client-libraries/js-core.ts';
import { mismatchesOf, type Candidate } from './client-libraries/fetching.ts';
import { gatsbyImage } from './client-libraries/gatsby.ts';
import {
  descriptorsOf,
  type Descriptor,
  type ImageMarkup,
  type SrcsetEntry,
} from './client-libraries/markup.ts';
import { legacyImage, nextImage } from './client-libraries/nextjs.ts';
import { fixedImgix, flexibleImgix } from './client-libraries/react-imgix.ts';
import { PHOTO, STRIP, TOWER, imgixSize, type Size } from './client-libraries/sizes.ts';
import { unpicImage } from './client-libraries/unpic.ts';
import {
  MemoryOrigin,
  createSource,
  deliverRaw,
  quadrantsPng,
  targetOf,
  useDataDir,
} from './fixtures.ts';

// The ixid imgix appends to the image URLs of Unsplash and its other customers.
const IXID = 'M3w0NTY3fDB8MXxzZWFyY2h8MXx8Y2F0fGVufDB8fHx8MTcwMDAwMDAwMHww';

/** The width a `w` descriptor announces. */
function widthOf(descriptor: Descriptor): number {
  if (descriptor.kind !== 'w') {
    throw new Error(`expected a width descriptor, got ${descriptor.kind}`);
  }
  return descriptor.value;
}

/** The density an `x` descriptor announces. */
function densityOf(descriptor: Descriptor): number {
  if (descriptor.kind !== 'x') {
    throw new Error(`expected a density descriptor, got ${descriptor.kind}`);
  }
  return descriptor.value;
}

function fromSrcset(
  label: string,
  srcset: SrcsetEntry[],
  expectedOf: (descriptor: Descriptor) => Size,
  ignored?: string,
): Candidate[] {
  return srcset.map(({ url, descriptor }) => ({
    label: `${label} ${descriptor.value}${descriptor.kind}`,
    url,
    expected: expectedOf(descriptor),
    ignored,
  }));
}

/** The srcset entries, then the src, of one image. */
function fromMarkup(
  label: string,
  markup: ImageMarkup,
  expectedOf: (descriptor: Descriptor) => Size,
  src: Size,
  ignored?: string,
): Candidate[] {
  return [
    ...fromSrcset(label, markup.srcset, expectedOf, ignored),
    { label: `${label} src`, url: markup.src, expected: src, ignored },
  ];
}

/**
 * An entry of an unpic or @imgix/gatsby layout of aspect `ratio`: both write the descriptor's
 * width, the height they round from the ratio, and fit=min, which crops to their shape without
 * exceeding the origin.
 */
function minFitShaped(ratio: number) {
  return (descriptor: Descriptor): Size =>
    imgixSize(PHOTO, {
      w: widthOf(descriptor),
      h: Math.round(widthOf(descriptor) / ratio),
      fit: 'min',
    });
}

/** 31 widths from 100 to 8192 (a width tolerance of 8%): the imgix libraries' default. */
function expectDefaultWidths(srcset: SrcsetEntry[]): void {
  const widths = srcset.map(({ descriptor }) => widthOf(descriptor));
  expect(widths).toHaveLength(31);
  expect(widths[0]).toBe(100);
  expect(widths.at(-1)).toBe(8192);
}

/** `url` without the query parameters `names`, the rest as written. */
function without(url: string, names: string[]): string {
  const [head = '', query = ''] = url.split('?');
  const kept = query.split('&').filter((pair) => !names.includes(pair.split('=')[0] ?? ''));
  return kept.length === 0 ? head : `${head}?${kept.join('&')}`;
}

describe('imgix client libraries against the listening app', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  /** `http://{subdomain}.localhost`, the host the libraries are given. */
  let site = '';

  beforeAll(async () => {
    for (const image of [STRIP, TOWER, PHOTO]) {
      origin.put('clients', image.path, await quadrantsPng(image.width, image.height));
    }
    const source = await createSource(context.app, { bucket: 'clients' });
    site = `http://${source.subdomain}.localhost`;
    await context.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('react-imgix: serves every src and srcset entry of server-rendered <Imgix>', async () => {
    const flexible = flexibleImgix(`${site}/${STRIP.path}`, '100vw');
    expectDefaultWidths(flexible.srcset);
    const fixed = fixedImgix(`${site}/${PHOTO.path}`, 100, 200);
    expect(descriptorsOf(fixed.srcset)).toEqual(['1x', '2x', '3x', '4x', '5x']);
    const candidates = [
      // No fit: imgix's default, clip, scales to the descriptor's width, up to 8192 too; the
      // src has no size and is the origin's.
      ...fromMarkup(
        'react-imgix flexible',
        flexible,
        (descriptor) => imgixSize(STRIP, { w: widthOf(descriptor), fit: 'clip' }),
        STRIP,
      ),
      // dpr multiplies the 100x200 box; clip fits the landscape photo to its width.
      ...fromMarkup(
        'react-imgix fixed',
        fixed,
        (descriptor) =>
          imgixSize(PHOTO, { w: 100, h: 200, dpr: densityOf(descriptor), fit: 'clip' }),
        imgixSize(PHOTO, { w: 100, h: 200, fit: 'clip' }),
      ),
    ];
    expect(await mismatchesOf(context.app, candidates)).toEqual([]);
  });

  it('@imgix/js-core: serves every entry of its default srcsets', async () => {
    const client = imgixClient(new URL(site).host);
    const widths = jsCoreSrcset(client, `/${STRIP.path}`);
    expectDefaultWidths(widths);
    const densities = jsCoreSrcset(client, `/${PHOTO.path}`, { w: 100 });
    expect(descriptorsOf(densities)).toEqual(['1x', '2x', '3x', '4x', '5x']);
    const candidates = [
      ...fromSrcset('js-core widths', widths, (descriptor) =>
        imgixSize(STRIP, { w: widthOf(descriptor), fit: 'clip' }),
      ),
      ...fromSrcset('js-core densities', densities, (descriptor) =>
        imgixSize(PHOTO, { w: 100, dpr: densityOf(descriptor), fit: 'clip' }),
      ),
    ];
    expect(await mismatchesOf(context.app, candidates)).toEqual([]);
  });

  it('unpic: serves every src and srcset entry of each layout of @unpic/react <Image>', async () => {
    const fullWidth = unpicImage(`${site}/${PHOTO.path}`, { layout: 'fullWidth' });
    // unpic's screen widths, 640 to 6016: most are wider than the 1200-pixel photo.
    expect(descriptorsOf(fullWidth.srcset)).toEqual(
      [640, 750, 828, 960, 1080, 1280, 1668, 1920, 2048, 2560, 3200, 3840, 4480, 5120, 6016].map(
        (width) => `${width}w`,
      ),
    );
    const constrained = unpicImage(`${site}/${PHOTO.path}`, {
      layout: 'constrained',
      width: 800,
      height: 600,
    });
    const fixed = unpicImage(`${site}/${PHOTO.path}`, { layout: 'fixed', width: 120, height: 80 });
    expect(descriptorsOf(fixed.srcset)).toEqual(['120w', '240w']);
    // unpic writes fit=min: with `w` alone it scales without enlarging.
    const widthOnly = (descriptor: Descriptor) =>
      imgixSize(PHOTO, { w: widthOf(descriptor), fit: 'min' });
    const candidates = [
      ...fromMarkup('unpic fullWidth', fullWidth, widthOnly, PHOTO),
      ...fromMarkup(
        'unpic constrained',
        constrained,
        minFitShaped(800 / 600),
        imgixSize(PHOTO, { w: 800, h: 600, fit: 'min' }),
      ),
      ...fromMarkup(
        'unpic fixed',
        fixed,
        minFitShaped(120 / 80),
        imgixSize(PHOTO, { w: 120, h: 80, fit: 'min' }),
      ),
    ];
    expect(await mismatchesOf(context.app, candidates)).toEqual([]);
  });

  it('@imgix/gatsby: serves every src and srcset entry of each layout of <ImgixGatsbyImage>', async () => {
    const fullWidth = gatsbyImage(`${site}/${PHOTO.path}`, {
      layout: 'fullWidth',
      aspectRatio: PHOTO.width / PHOTO.height,
    });
    expectDefaultWidths(fullWidth.srcset);
    const constrained = gatsbyImage(`${site}/${PHOTO.path}`, {
      layout: 'constrained',
      width: 768,
      aspectRatio: 16 / 9,
    });
    const fixed = gatsbyImage(`${site}/${PHOTO.path}`, { layout: 'fixed', width: 120, height: 80 });
    // A fixed image's densities 1x to 5x, written as widths (with a lower q for each).
    expect(descriptorsOf(fixed.srcset)).toEqual(['120w', '240w', '360w', '480w', '600w']);
    const candidates = [
      // The src of a full-width image is its widest entry, 8192 x 6144: the origin's size.
      ...fromMarkup('@imgix/gatsby fullWidth', fullWidth, minFitShaped(4 / 3), PHOTO),
      ...fromMarkup(
        '@imgix/gatsby constrained',
        constrained,
        minFitShaped(16 / 9),
        imgixSize(PHOTO, { w: 768, h: 432, fit: 'min' }),
      ),
      ...fromMarkup(
        '@imgix/gatsby fixed',
        fixed,
        minFitShaped(120 / 80),
        imgixSize(PHOTO, { w: 120, h: 80, fit: 'min' }),
      ),
    ];
    expect(await mismatchesOf(context.app, candidates)).toEqual([]);
  });

  it('Next.js: serves every src and srcset entry of its imgix loaders', async () => {
    const path = `${site}/`;
    const responsive = legacyImage(path, {
      src: `/${PHOTO.path}`,
      width: PHOTO.width,
      height: PHOTO.height,
      layout: 'responsive',
      priority: true,
    });
    // Next.js's deviceSizes, 640 to 3840.
    expect(descriptorsOf(responsive.srcset)).toEqual(
      [640, 750, 828, 1080, 1200, 1920, 2048, 3840].map((width) => `${width}w`),
    );
    const fill = legacyImage(path, { src: `/${PHOTO.path}`, layout: 'fill', sizes: '50vw' });
    // Next.js asks each density for the first of its sizes at least width x density; 128 and
    // 256 are both among them, so 128 x density is the width the loader asks for.
    const fixed = legacyImage(path, { src: `/${PHOTO.path}`, width: 128, height: 96 });
    expect(descriptorsOf(fixed.srcset)).toEqual(['1x', '2x']);
    const current = nextImage(site, { src: `/${PHOTO.path}`, fill: true, sizes: '100vw' });
    const currentFixed = nextImage(site, { src: `/${PHOTO.path}`, width: 128, height: 96 });
    expect(descriptorsOf(currentFixed.srcset)).toEqual(['1x', '2x']);
    // Both loaders write fit=max: scaled to the width, never enlarged past the origin's. The src
    // is the widest entry.
    const byWidth = (descriptor: Descriptor) =>
      imgixSize(PHOTO, { w: widthOf(descriptor), fit: 'max' });
    const byDensity = (descriptor: Descriptor) =>
      imgixSize(PHOTO, { w: 128 * densityOf(descriptor), fit: 'max' });
    const widest = imgixSize(PHOTO, { w: 3840, fit: 'max' });
    const candidates = [
      ...fromMarkup('next/legacy/image responsive', responsive, byWidth, widest),
      ...fromMarkup('next/legacy/image fill', fill, byWidth, widest),
      ...fromMarkup(
        'next/legacy/image fixed',
        fixed,
        byDensity,
        byDensity({ kind: 'x', value: 2 }),
      ),
      ...fromMarkup('next/image fill', current, byWidth, widest),
      ...fromMarkup(
        'next/image fixed',
        currentFixed,
        byDensity,
        byDensity({ kind: 'x', value: 2 }),
      ),
    ];
    expect(await mismatchesOf(context.app, candidates)).toEqual([]);
  });

  it('renders cache busters, utm tags and ixid as without them, naming them in a header', async () => {
    const busted = fixedImgix(
      `${site}/${PHOTO.path}?v=1700000000&utm_source=newsletter&utm_medium=email`,
      100,
      200,
    );
    // An Unsplash image URL carries ixid and ixlib; unpic keeps both.
    const unsplash = unpicImage(`${site}/${PHOTO.path}?ixid=${IXID}&ixlib=rb-4.0.3`, {
      layout: 'fixed',
      width: 120,
      height: 80,
    });
    const candidates = [
      ...fromMarkup(
        'react-imgix with a cache buster and utm tags',
        busted,
        (descriptor) =>
          imgixSize(PHOTO, { w: 100, h: 200, dpr: densityOf(descriptor), fit: 'clip' }),
        imgixSize(PHOTO, { w: 100, h: 200, fit: 'clip' }),
        'v,utm_source,utm_medium',
      ),
      ...fromMarkup(
        'unpic with an ixid',
        unsplash,
        minFitShaped(120 / 80),
        imgixSize(PHOTO, { w: 120, h: 80, fit: 'min' }),
        'ixid',
      ),
    ];
    expect(await mismatchesOf(context.app, candidates)).toEqual([]);
    // The very answer of the URL without them: the same ETag and bytes.
    for (const { url } of candidates) {
      const plain = without(url, ['v', 'utm_source', 'utm_medium', 'ixid']);
      const tagged = await deliverRaw(context.app, new URL(url).host, targetOf(url));
      const untagged = await deliverRaw(context.app, new URL(plain).host, targetOf(plain));
      expect(untagged.headers['x-darkroom-ignored-params'], plain).toBeUndefined();
      expect(tagged.headers.etag, url).toBe(untagged.headers.etag);
      expect(tagged.body.equals(untagged.body), url).toBe(true);
    }
  });

  it('sizes w and h past 8192 down and holds dpr past 5 at 5', async () => {
    const client = imgixClient(new URL(site).host);
    const candidates: Candidate[] = [
      {
        label: 'js-core w=9000',
        url: client.buildURL(`/${STRIP.path}`, { w: 9000 }),
        expected: imgixSize(STRIP, { w: 9000, fit: 'clip' }),
      },
      {
        label: 'js-core h=9000',
        url: client.buildURL(`/${TOWER.path}`, { h: 9000 }),
        expected: imgixSize(TOWER, { h: 9000, fit: 'clip' }),
      },
      {
        label: 'js-core dpr=6',
        url: client.buildURL(`/${PHOTO.path}`, { w: 100, dpr: 6 }),
        expected: imgixSize(PHOTO, { w: 100, dpr: 6, fit: 'clip' }),
      },
    ];
    // Sized down (8192 long), not refused; dpr=6 renders as dpr=5 (500 wide).
    expect(candidates.map(({ expected }) => expected)).toEqual([
      { width: 8192, height: 327.68 },
      { width: 327.68, height: 8192 },
      { width: 500, height: 375 },
    ]);
    expect(await mismatchesOf(context.app, candidates)).toEqual([]);
  });
});
