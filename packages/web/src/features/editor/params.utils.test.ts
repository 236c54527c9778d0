import { describe, expect, it } from 'vitest';
import {
  OUTPUT_FORMATS,
  automaticFormat,
  autoValues,
  downloadFileName,
  downloadUrlOf,
  formatDisabled,
  outputFormatOf,
  paramsFromSearch,
  previewUrl,
  renderingUrl,
  sameParams,
  searchWithParams,
  toggleAuto,
  withParams,
} from './params.utils.ts';

const fullUrl = 'http://demo.localhost:8080/pets/tom%20cat.jpg';
const everything = { avif: true, webp: true };

describe('editor parameters', () => {
  it('sets and removes parameters', () => {
    expect(withParams({ w: '1', h: '2' }, { w: '3', h: null, fm: undefined })).toEqual({ w: '3' });
  });

  it('reads every rendering parameter of a query string but the signature', () => {
    const search = new URLSearchParams('w=800&ar=16%3A9&blur=20&s=abc&w=900');
    expect(paramsFromSearch(search)).toEqual({ w: '800', ar: '16:9', blur: '20' });
    expect(searchWithParams(search, { h: '450', blur: '20' }).toString()).toBe('h=450&blur=20');
  });

  it('keeps the parameters the editor does not manage through every change', () => {
    const withBlur = withParams({ blur: '20', w: '300' }, { w: '400', fit: 'crop' });
    expect(withBlur).toEqual({ blur: '20', w: '400', fit: 'crop' });
    expect(renderingUrl(fullUrl, withBlur)).toBe(`${fullUrl}?w=400&fit=crop&blur=20`);
    expect(previewUrl(fullUrl, withParams(withBlur, { blur: null }))).toBe(
      `${fullUrl}?w=400&fit=crop`,
    );
  });

  it('compares parameter sets by value', () => {
    expect(sameParams({ w: '1', h: '2' }, { h: '2', w: '1' })).toBe(true);
    expect(sameParams({ w: '1' }, { w: '1', h: '2' })).toBe(false);
    expect(sameParams({ w: '1', blur: '20' }, { w: '1' })).toBe(false);
    expect(sameParams({ w: '1', blur: '20' }, { blur: '20', w: '1' })).toBe(true);
  });

  it('builds the rendering URL on the asset URL in catalogue order', () => {
    expect(renderingUrl(fullUrl, { fm: 'png', h: '450', w: '800', ar: '16:9' })).toBe(
      'http://demo.localhost:8080/pets/tom%20cat.jpg?w=800&h=450&ar=16%3A9&fm=png',
    );
    expect(renderingUrl(fullUrl, {})).toBe(fullUrl);
  });

  it('previews without the download flag and downloads with it', () => {
    expect(previewUrl(fullUrl, { w: '10', dl: 'x.jpg' })).toBe(`${fullUrl}?w=10`);
    expect(downloadUrlOf(fullUrl, { w: '10' }, 'tom cat.jpg')).toBe(
      `${fullUrl}?w=10&dl=tom+cat.jpg`,
    );
  });

  it('picks avif, else webp, else jpg for auto=format', () => {
    expect(automaticFormat({ avif: true, webp: true })).toBe('avif');
    expect(automaticFormat({ avif: false, webp: true })).toBe('webp');
    expect(automaticFormat({ avif: false, webp: false })).toBe('jpg');
  });

  it('disables avif and webp where the browser cannot show them', () => {
    const none = { avif: false, webp: false };
    expect(OUTPUT_FORMATS.filter((format) => formatDisabled(format, none))).toEqual([
      'avif',
      'webp',
    ]);
    expect(OUTPUT_FORMATS.filter((format) => formatDisabled(format, everything))).toEqual([]);
    expect(OUTPUT_FORMATS).toEqual(['avif', 'gif', 'jpg', 'pjpg', 'png', 'png8', 'png32', 'webp']);
  });

  it('adds and removes auto values as a switch group and deletes an empty list', () => {
    const compressed = toggleAuto({}, 'compress', true, everything);
    expect(compressed).toEqual({ auto: 'compress' });
    const both = toggleAuto(compressed, 'enhance', true, everything);
    expect(autoValues(both)).toEqual(['compress', 'enhance']);
    expect(
      toggleAuto(toggleAuto(both, 'compress', false, everything), 'enhance', false, everything),
    ).toEqual({});
  });

  it('sets fm to the automatic format when format is switched on', () => {
    expect(toggleAuto({ fm: 'png' }, 'format', true, { avif: false, webp: true })).toEqual({
      fm: 'webp',
      auto: 'format',
    });
    expect(toggleAuto({ fm: 'webp', auto: 'format' }, 'format', false, everything)).toEqual({
      fm: 'webp',
    });
  });

  it('maps the origin type to an output format when the select has it', () => {
    expect(outputFormatOf('jpeg')).toBe('jpg');
    expect(outputFormatOf('image/png')).toBe('png');
    expect(outputFormatOf('WEBP')).toBe('webp');
    expect(outputFormatOf('tiff')).toBeNull();
  });

  it('names a download after the origin with the extension of the chosen format', () => {
    expect(downloadFileName('tom cat.jpg', undefined)).toBe('tom cat.jpg');
    expect(downloadFileName('tom cat.jpg', 'webp')).toBe('tom cat.webp');
    expect(downloadFileName('logo.png', 'pjpg')).toBe('logo.jpg');
    expect(downloadFileName('logo.tar.png', 'png8')).toBe('logo.tar.png');
    expect(downloadFileName('README', 'gif')).toBe('README.gif');
    expect(downloadFileName('.hidden', 'avif')).toBe('.hidden.avif');
    expect(downloadFileName('a.jpg', 'json')).toBe('a.jpg');
  });
});
