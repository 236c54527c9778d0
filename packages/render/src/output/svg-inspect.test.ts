import { describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { DEFAULT_SVG_LIMITS, inspectSvg } from './svg-inspect.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (body: string) =>
  new TextEncoder().encode(`<svg ${NS} width="10" height="10">${body}</svg>`);

function refusal(bytes: Uint8Array): RenderError {
  try {
    inspectSvg(bytes);
  } catch (error) {
    if (error instanceof RenderError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('inspectSvg', () => {
  it('counts elements, filters and path data', () => {
    const facts = inspectSvg(
      svg(
        '<filter id="f"><feGaussianBlur stdDeviation="3 7"/><feMorphology radius="2"/><feConvolveMatrix order="5"/></filter><path d="M0 0L5 5"/><polygon points="0,0 1,1"/>',
      ),
    );
    expect(facts).toMatchObject({
      elements: 7,
      filterRadius: 7,
      filterRadiusSource: 'feGaussianBlur stdDeviation="3 7"',
      filterPrimitives: 3,
      convolveOrder: 5,
      pathCharacters: 15,
      embeddedImages: [],
    });
  });

  it('counts what each <use> draws again, nested references multiplied', () => {
    let defs = '<rect id="l0" width="1" height="1"/>';
    for (let level = 1; level <= 3; level += 1) {
      defs += `<g id="l${level}">${`<use xlink:href="#l${level - 1}"/>`.repeat(10)}</g>`;
    }
    const facts = inspectSvg(svg(`<defs>${defs}</defs><use href="#l3"/>`));
    // The root, defs and the definitions (1 + 11 + 11 + 11), then the <use> drawing l3 again.
    expect(facts.elements).toBeGreaterThan(1000);
  });

  it('stops counting past the limit: ten levels of ten <use> are not expanded', () => {
    let defs = '<rect id="l0" width="1" height="1"/>';
    for (let level = 1; level <= 10; level += 1) {
      defs += `<g id="l${level}">${`<use xlink:href="#l${level - 1}"/>`.repeat(10)}</g>`;
    }
    const facts = inspectSvg(svg(`<defs>${defs}</defs><use href="#l10"/>`));
    expect(facts.elements).toBe(DEFAULT_SVG_LIMITS.maxElements + 1);
  });

  it('refuses a <use> that references itself', () => {
    expect(refusal(svg('<g id="a"><use href="#a"/></g>')).status).toBe(422);
  });

  it('refuses more elements or deeper nesting than the limits, as it reads', () => {
    expect(refusal(svg('<rect/>'.repeat(10_001))).message).toMatch(/more than 10000 elements/);
    expect(refusal(svg(`${'<g>'.repeat(300)}${'</g>'.repeat(300)}`)).message).toMatch(
      /more than 256 deep/,
    );
  });

  it('refuses entities beyond XML’s own instead of expanding them', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><svg ${NS}><text>&b;</text></svg>`;
    expect(refusal(new TextEncoder().encode(bomb)).status).toBe(422);
  });

  it('keeps the head of each embedded raster image for its header to be read', () => {
    const facts = inspectSvg(svg('<image href="data:image/png;base64,iVBORw0KGgo="/>'));
    expect(facts.embeddedImages).toEqual(['iVBORw0KGgo=']);
  });
});
