import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { RenderError } from '../pipeline/context.ts';

/**
 * What an SVG origin asks of librsvg, read before librsvg sees it (libvips' svgload parses and
 * draws the whole document, and cannot be interrupted while it does). librsvg's cost grows with
 * the elements it draws (a `<use>` draws its target again), with each filter's radius and the
 * surfaces its primitives allocate, and with embedded raster images it decodes whole.
 */
export interface SvgFacts {
  /** Elements drawn, every `<use>` counted with what it references. */
  elements: number;
  /** The largest blur deviation or morphology radius of any filter primitive, in user units. */
  filterRadius: number;
  /** The filter primitive that has it, as written (`feGaussianBlur stdDeviation="1000"`). */
  filterRadiusSource: string;
  /** Filter primitives in the document: each may allocate a surface of the drawing's size. */
  filterPrimitives: number;
  /** The largest `order` of an feConvolveMatrix (its kernel has order² taps per pixel). */
  convolveOrder: number;
  /** Characters of path data (`d`, `points`): librsvg's drawing time grows with them. */
  pathCharacters: number;
  /** The base64 payload of each raster `data:` image, for its header to be read. */
  embeddedImages: string[];
}

/** Limits on SVG origins checked before librsvg runs (imgproxy's and thumbor's spirit: refuse work before allocating it). */
export interface SvgLimits {
  /** Bytes of SVG text, after a compressed (svgz) file is inflated. */
  maxBytes: number;
  /** Elements drawn, `<use>` expanded. */
  maxElements: number;
  /** Nesting depth of elements. */
  maxDepth: number;
  /** Largest feGaussianBlur / feDropShadow deviation and feMorphology radius, user units. */
  maxFilterRadius: number;
  /** Largest feConvolveMatrix order. */
  maxConvolveOrder: number;
  /** Pixels of the rasterised drawing (its width by height at 72 dpi). */
  maxPixels: number;
  /** Embedded raster images. */
  maxEmbeddedImages: number;
  /** Characters of path data, all paths together. */
  maxPathCharacters: number;
}

export const DEFAULT_SVG_LIMITS: SvgLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxElements: 10_000,
  maxDepth: 256,
  maxFilterRadius: 100,
  maxConvolveOrder: 9,
  // 4096 x 4096, imgproxy's default IMGPROXY_MAX_SRC_RESOLUTION (16.8 megapixels): librsvg draws
  // the whole document on one surface, and libvips copies it before resizing.
  maxPixels: 16_777_216,
  maxEmbeddedImages: 16,
  // About 100,000 path segments, which librsvg draws in about a second on one core.
  maxPathCharacters: 1_000_000,
};

const FILTER_PRIMITIVE = /^fe[A-Z]/;
const RADIUS_ATTRIBUTES: Readonly<Record<string, string>> = {
  feGaussianBlur: 'stdDeviation',
  feDropShadow: 'stdDeviation',
  feMorphology: 'radius',
};
const DATA_IMAGE = /^\s*data:image\/[a-z+.-]+;base64,/i;
/** Enough of a base64 payload to hold any image header (a JPEG's can follow its EXIF). */
const HEADER_CHARACTERS = 128 * 1024;

interface Node {
  children: number[];
  useTarget: string | null;
}

function tooLarge(message: string): RenderError {
  return new RenderError(413, message);
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

function numbers(value: string): number[] {
  return value
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map(Number)
    .map((number) => (Number.isFinite(number) ? Math.abs(number) : Infinity));
}

/**
 * Reads the facts of an SVG, refusing (413) as soon as it nests deeper or holds more elements
 * than `limits` allow, and (422) a file that is not well-formed XML: entities beyond XML's five
 * are not expanded, so an entity bomb is refused rather than expanded.
 */
export function inspectSvg(
  bytes: Uint8Array,
  limits: SvgLimits = DEFAULT_SVG_LIMITS,
  subject = 'origin SVG',
): SvgFacts {
  const text = new TextDecoder('utf-8').decode(bytes);
  const parser = new SaxesParser({ xmlns: false, position: false });
  const nodes: Node[] = [];
  const ids = new Map<string, number>();
  const open: number[] = [];
  const facts: SvgFacts = {
    elements: 0,
    filterRadius: 0,
    filterRadiusSource: '',
    filterPrimitives: 0,
    convolveOrder: 0,
    pathCharacters: 0,
    embeddedImages: [],
  };
  let failure: unknown = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (failure !== null) return;
    const index = nodes.length;
    const name = localName(tag.name);
    const href = tag.attributes.href ?? tag.attributes['xlink:href'];
    const target = name === 'use' && href?.trim().startsWith('#') ? href.trim().slice(1) : null;
    nodes.push({ children: [], useTarget: target });
    const parent = open.at(-1);
    if (parent !== undefined) nodes[parent]?.children.push(index);
    open.push(index);
    const id = tag.attributes.id;
    if (id !== undefined) ids.set(id, index);
    if (nodes.length > limits.maxElements) {
      failure = tooLarge(
        `The ${subject} has more than ${limits.maxElements} elements, the most this server rasterises.`,
      );
    } else if (open.length > limits.maxDepth) {
      failure = tooLarge(
        `The ${subject} nests elements more than ${limits.maxDepth} deep, the most this server rasterises.`,
      );
    }
    readFilter(name, tag.attributes, facts);
    facts.pathCharacters += (tag.attributes.d?.length ?? 0) + (tag.attributes.points?.length ?? 0);
    if (name === 'image' && href !== undefined && DATA_IMAGE.test(href)) {
      const payload = href.slice(href.indexOf(',') + 1).replace(/\s+/g, '');
      facts.embeddedImages.push(payload.slice(0, HEADER_CHARACTERS));
    }
  });
  parser.on('closetag', () => {
    open.pop();
  });
  try {
    parser.write(text).close();
  } catch (error) {
    failure ??= error;
  }
  if (failure instanceof RenderError) throw failure;
  if (failure !== null) {
    throw new RenderError(
      422,
      `The ${subject} is not well-formed XML (entities beyond XML’s own are not expanded).`,
      { cause: failure },
    );
  }
  facts.elements = nodes.length === 0 ? 0 : drawnElements(nodes, ids, limits.maxElements, subject);
  return facts;
}

function readFilter(name: string, attributes: Record<string, string>, facts: SvgFacts): void {
  if (!FILTER_PRIMITIVE.test(name)) return;
  facts.filterPrimitives += 1;
  const radiusAttribute = RADIUS_ATTRIBUTES[name];
  const radiusValue = radiusAttribute === undefined ? undefined : attributes[radiusAttribute];
  if (radiusAttribute !== undefined && radiusValue !== undefined) {
    const radius = Math.max(0, ...numbers(radiusValue));
    if (radius > facts.filterRadius) {
      facts.filterRadius = radius;
      facts.filterRadiusSource = `${name} ${radiusAttribute}="${radiusValue.trim().slice(0, 40)}"`;
    }
  }
  if (name === 'feConvolveMatrix') {
    const order = Math.max(3, ...numbers(attributes.order ?? '3'));
    facts.convolveOrder = Math.max(facts.convolveOrder, order);
  }
}

/**
 * Elements librsvg draws from the root: each element once, and each `<use>` its target's
 * subtree again (nested references multiply: ten levels of ten `<use>` are 10^10 elements).
 * Counting stops past `limit`; a reference cycle is refused.
 */
function drawnElements(
  nodes: readonly Node[],
  ids: ReadonlyMap<string, number>,
  limit: number,
  subject: string,
) {
  const counted = new Map<number, number>();
  const visiting = new Set<number>();
  const count = (index: number): number => {
    const known = counted.get(index);
    if (known !== undefined) return known;
    if (visiting.has(index)) {
      throw new RenderError(422, `The ${subject} has a <use> that references itself.`);
    }
    visiting.add(index);
    const node = nodes[index];
    let total = 1;
    for (const child of node?.children ?? []) total = Math.min(limit + 1, total + count(child));
    const target = node?.useTarget == null ? undefined : ids.get(node.useTarget);
    if (target !== undefined) total = Math.min(limit + 1, total + count(target));
    visiting.delete(index);
    counted.set(index, total);
    return total;
  };
  try {
    return count(0);
  } catch (error) {
    // A chain of references deeper than the stack is past any limit worth counting to.
    if (error instanceof RangeError) return limit + 1;
    throw error;
  }
}
