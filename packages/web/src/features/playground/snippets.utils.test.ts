import { describe, expect, it } from 'vitest';
import {
  imgSnippet,
  jsCoreSnippet,
  nextLoaderSnippet,
  pictureSnippet,
  reactImgixSnippet,
  urlSnippet,
  type SnippetInput,
} from './snippets.utils.ts';

const input: SnippetInput = {
  assetUrl: 'https://photos.img.example.com/pets/tom%20cat.jpg',
  params: { blur: '20', dl: 'x.jpg' },
  alt: 'A "grey" cat',
  outputSize: { width: 640, height: 427 },
  sourceWidth: 700,
  requiresSigning: false,
};

describe('the playground snippets', () => {
  it('copies the URL without the download flag', () => {
    expect(urlSnippet(input)).toBe('https://photos.img.example.com/pets/tom%20cat.jpg?blur=20');
  });

  it('writes an <img> whose fluid srcset stops at the source width', () => {
    const html = imgSnippet(input);
    expect(html).toContain('sizes="100vw"');
    expect(html).toContain('?w=640&amp;blur=20 640w');
    expect(html).toContain('?w=700&amp;blur=20 700w');
    expect(html).not.toContain('w=768');
    expect(html).toContain('alt="A &quot;grey&quot; cat"');
    expect(html).toContain('width="640"');
  });

  it('writes a fixed width as 1x to 3x of that width', () => {
    const html = imgSnippet({ ...input, params: { w: '300', blur: '20' } });
    expect(html).toContain('?w=300&amp;blur=20&amp;dpr=2 600w');
    expect(html).toContain('sizes="300px"');
  });

  it('writes a <picture> with AVIF, then WebP, then the image', () => {
    const html = pictureSnippet(input);
    const avif = html.indexOf('<source type="image/avif"');
    const webp = html.indexOf('<source type="image/webp"');
    expect(avif).toBeGreaterThan(0);
    expect(webp).toBeGreaterThan(avif);
    expect(html.indexOf('<img')).toBeGreaterThan(webp);
    expect(html).toContain('?w=320&amp;fm=avif&amp;blur=20 320w');
    expect(html).toContain('?w=320&amp;fm=webp&amp;blur=20 320w');
    expect(html.trim().endsWith('</picture>')).toBe(true);
  });

  it('writes react-imgix with the parameters as imgixParams', () => {
    const code = reactImgixSnippet({
      ...input,
      params: { blur: '20', 'fill-gen-prompt': "a 'sky'" },
    });
    expect(code).toContain("import Imgix from 'react-imgix';");
    expect(code).toContain('src="https://photos.img.example.com/pets/tom%20cat.jpg"');
    expect(code).toContain("blur: '20',");
    expect(code).toContain("'fill-gen-prompt': 'a \\'sky\\'',");
    expect(code).toContain(`htmlAttributes={{ alt: 'A "grey" cat' }}`);
  });

  it('writes a Next.js loader that sets the width Next asks for', () => {
    const code = nextLoaderSnippet({ ...input, params: { w: '800', h: '450', blur: '20' } });
    expect(code).toContain('export default function imgixLoader({ src, width, quality }) {');
    expect(code).toContain("params.set('ar', '800:450');");
    expect(code).toContain("params.set('blur', '20');");
    expect(code).toContain("params.set('w', String(width));");
    expect(code).not.toContain("params.set('w', '800')");
  });

  it('writes @imgix/js-core code that builds the same URL', async () => {
    const code = jsCoreSnippet({ ...input, params: { blur: '20', w: '300' } });
    const { default: ImgixClient } = await import('@imgix/js-core');
    const run = new Function(
      'ImgixClient',
      `${code.replace("import ImgixClient from '@imgix/js-core';", '')}\nreturn url;`,
    ) as (client: typeof ImgixClient) => string;
    expect(run(ImgixClient)).toBe(
      'https://photos.img.example.com/pets/tom%20cat.jpg?blur=20&w=300',
    );
  });

  it('says where the token goes when the source signs its URLs', () => {
    expect(jsCoreSnippet({ ...input, requiresSigning: true })).toContain(
      'secureURLToken: process.env.DARKROOM_SECURE_URL_TOKEN,',
    );
  });
});
