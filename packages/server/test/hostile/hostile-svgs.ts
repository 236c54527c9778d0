// Hostile SVG and XML origin files (viewBox, filter and element-count bombs, external
// references, entity bombs). Every external reference names loopback or a local file: rendering
// must never reach off this machine, and should not reach those either.

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

function svg(width: number | string, height: number | string, body: string, extra = ''): string {
  return `<svg ${SVG_NS} width="${width}" height="${height}"${extra}>${body}</svg>`;
}

/** A loopback address where nothing listens. */
const NOWHERE = 'http://127.0.0.1:1';

export const SVG_FILES: Readonly<Record<string, () => string>> = {
  'viewbox-100000': () =>
    svg(
      100000,
      100000,
      '<rect width="100000" height="100000" fill="red"/>',
      ' viewBox="0 0 100000 100000"',
    ),
  'viewbox-tiny-scaled-up': () =>
    svg(30000, 30000, '<circle cx="0.5" cy="0.5" r="0.5"/>', ' viewBox="0 0 1 1"'),
  'near-the-pixel-limit': () =>
    svg(
      16000,
      16000,
      '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></defs><rect width="16000" height="16000" fill="url(#g)"/>',
    ),
  'blur-filter-bomb': () =>
    svg(
      4000,
      4000,
      '<filter id="f" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="1000"/></filter><rect width="4000" height="4000" fill="red" filter="url(#f)"/>',
    ),
  'filter-chain': () => {
    const steps = Array.from(
      { length: 40 },
      (_, i) => `<feMorphology operator="dilate" radius="500" result="r${i}"/>`,
    ).join('');
    return svg(
      2000,
      2000,
      `<filter id="f">${steps}<feConvolveMatrix order="30" kernelMatrix="${'1 '.repeat(900)}"/></filter><rect width="2000" height="2000" filter="url(#f)"/>`,
    );
  },
  'element-count-200000': () =>
    svg(
      1000,
      1000,
      Array.from(
        { length: 200_000 },
        (_, i) => `<rect x="${i % 1000}" y="${(i / 1000) | 0}" width="1" height="1"/>`,
      ).join(''),
    ),
  'use-bomb': () => {
    // Ten levels of ten <use> each: 10^10 rectangles if every reference is expanded.
    let defs = '<rect id="l0" width="1" height="1"/>';
    for (let level = 1; level <= 10; level += 1) {
      const uses = Array.from({ length: 10 }, () => `<use xlink:href="#l${level - 1}"/>`).join('');
      defs += `<g id="l${level}">${uses}</g>`;
    }
    return svg(1000, 1000, `<defs>${defs}</defs><use xlink:href="#l10"/>`);
  },
  'nested-10000-groups': () =>
    svg(100, 100, `${'<g>'.repeat(10_000)}<rect width="1" height="1"/>${'</g>'.repeat(10_000)}`),
  'path-of-500000-segments': () =>
    svg(1000, 1000, `<path d="M0 0${' l1 1 l-1 0'.repeat(250_000)}"/>`),
  'huge-font-size': () => svg(1000, 1000, '<text x="0" y="900" font-size="100000">W</text>'),
  'self-referencing-pattern': () =>
    svg(
      1000,
      1000,
      '<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="url(#p)"/></pattern><rect width="1000" height="1000" fill="url(#p)"/>',
    ),
  'entity-bomb': () => {
    let entities = '<!ENTITY e0 "lol">';
    for (let level = 1; level <= 10; level += 1) {
      entities += `<!ENTITY e${level} "${`&e${level - 1};`.repeat(10)}">`;
    }
    return `<?xml version="1.0"?><!DOCTYPE svg [${entities}]>${svg(100, 100, '<text y="50">&e10;</text>')}`;
  },
  'external-entity-file': () =>
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${svg(100, 100, '<text y="50">&xxe;</text>')}`,
  'external-entity-loopback': () =>
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY % p SYSTEM "${NOWHERE}/evil.dtd">%p;]>${svg(10, 10, '')}`,
  'external-image-loopback': () =>
    svg(
      100,
      100,
      `<image href="${NOWHERE}/x.png" width="100" height="100"/><image xlink:href="file:///etc/passwd" width="10" height="10"/>`,
    ),
  'external-css-import': () =>
    svg(
      100,
      100,
      `<style>@import url(${NOWHERE}/x.css); rect { fill: url(${NOWHERE}/f.svg#x) }</style><rect width="100" height="100"/>`,
    ),
  'xinclude-file': () =>
    svg(
      100,
      100,
      '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/>',
    ),
  'script-and-foreign-object': () =>
    svg(
      100,
      100,
      '<script>while(true){}</script><foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml" onload="alert(1)">x</div></foreignObject>',
      ' onload="alert(1)"',
    ),
  'without-any-size': () => `<svg ${SVG_NS}><rect width="100" height="100"/></svg>`,
  'negative-size': () => svg(-1, -1, '<rect width="10" height="10"/>', ' viewBox="0 0 -10 -10"'),
  'percent-size': () => svg('1e308%', '1e308%', '<rect width="10" height="10"/>'),
  truncated: () => svg(100, 100, '<rect width="100" height="100"/>'.repeat(20)).slice(0, 300),
  'html-document': () => '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>',
};

/** An SVG whose embedded PNG (a data URL) is itself a decompression bomb. */
export function svgEmbedding(png: Buffer): string {
  return svg(
    1000,
    1000,
    `<image width="1000" height="1000" href="data:image/png;base64,${png.toString('base64')}"/>`,
  );
}
