// Reading image markup the way a browser does: the <img> a page shows, its src and its srcset
// candidates (the HTML standard's srcset parsing, so a comma inside a URL, as in
// `auto=format,compress`, stays part of it).

export interface Descriptor {
  kind: 'w' | 'x';
  value: number;
}

export interface SrcsetEntry {
  url: string;
  descriptor: Descriptor;
}

export interface ImageMarkup {
  src: string;
  srcset: SrcsetEntry[];
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};

function decodeAttribute(value: string): string {
  return value.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The attributes of every <img> tag of `html` (inside <noscript> too), names lowercased. */
export function imgTags(html: string): Record<string, string>[] {
  return [...html.matchAll(/<img\b([^>]*)>/gi)].map(([, attributes = '']) =>
    Object.fromEntries(
      [...attributes.matchAll(/([^\s=/>]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [
        name.toLowerCase(),
        decodeAttribute(value),
      ]),
    ),
  );
}

/**
 * The one image of `html` that loads from a server: placeholders (a transparent GIF, an SVG
 * sizer) are data: URLs and are left out.
 */
export function imageIn(html: string): ImageMarkup {
  const images = imgTags(html).filter(
    (tag) => tag.src !== undefined && !tag.src.startsWith('data:'),
  );
  if (images.length !== 1) {
    throw new Error(`expected one image loading from a server, found ${images.length}: ${html}`);
  }
  const [image = {}] = images;
  return { src: image.src ?? '', srcset: parseSrcset(image.srcset ?? '') };
}

function descriptorOf(text: string, url: string): Descriptor {
  const match = /^(\d+(?:\.\d+)?)([wx])$/.exec(text === '' ? '1x' : text);
  if (!match) throw new Error(`unexpected srcset descriptor "${text}" after ${url}`);
  return { kind: match[2] === 'w' ? 'w' : 'x', value: Number(match[1]) };
}

/** The candidates of a srcset attribute (html.spec.whatwg.org, "parse a srcset attribute"). */
export function parseSrcset(value: string): SrcsetEntry[] {
  const entries: SrcsetEntry[] = [];
  let position = 0;
  while (position < value.length) {
    // Whitespace and commas separate candidates.
    while (position < value.length && /[\s,]/.test(value.charAt(position))) position += 1;
    if (position >= value.length) break;
    let end = position;
    while (end < value.length && !/\s/.test(value.charAt(end))) end += 1;
    let url = value.slice(position, end);
    position = end;
    let descriptor = '';
    if (url.endsWith(',')) {
      // A URL ending in commas has no descriptor; the commas end the candidate.
      url = url.replace(/,+$/, '');
    } else {
      const comma = value.indexOf(',', position);
      const stop = comma === -1 ? value.length : comma;
      descriptor = value.slice(position, stop).trim();
      position = stop + 1;
    }
    entries.push({ url, descriptor: descriptorOf(descriptor, url) });
  }
  return entries;
}

/** The descriptors of a srcset as written: `100w`, `2x`. */
export function descriptorsOf(srcset: SrcsetEntry[]): string[] {
  return srcset.map(({ descriptor }) => `${descriptor.value}${descriptor.kind}`);
}
