import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FONT, resolveFont } from './fonts.ts';

describe('resolveFont', () => {
  it('uses the Helvetica-compatible face when no font is asked for', () => {
    expect(resolveFont(undefined)).toEqual(DEFAULT_FONT);
    expect(resolveFont('')).toEqual(DEFAULT_FONT);
    expect(DEFAULT_FONT.family).toBe('Liberation Sans');
  });

  it('maps the CSS generic families and their bold and italic options', () => {
    expect(resolveFont('sans-serif')).toEqual({
      family: 'DejaVu Sans',
      weight: 'normal',
      style: 'normal',
    });
    expect(resolveFont('serif,bold')).toEqual({
      family: 'DejaVu Serif',
      weight: 'bold',
      style: 'normal',
    });
    expect(resolveFont('monospace,bold,italic')).toEqual({
      family: 'DejaVu Sans Mono',
      weight: 'bold',
      style: 'italic',
    });
    expect(resolveFont('cursive').style).toBe('italic');
  });

  it('maps installed faces to themselves with the style their name spells', () => {
    expect(resolveFont('DejaVuSans-Bold')).toEqual({
      family: 'DejaVu Sans',
      weight: 'bold',
      style: 'normal',
    });
    expect(resolveFont('DejaVuSansMono')).toEqual({
      family: 'DejaVu Sans Mono',
      weight: 'normal',
      style: 'normal',
    });
    expect(resolveFont('LiberationSerif-BoldItalic')).toEqual({
      family: 'Liberation Serif',
      weight: 'bold',
      style: 'italic',
    });
    expect(resolveFont('LiberationSansNarrow-Italic').family).toBe('Liberation Sans Narrow');
  });

  it('maps the metric twins of Liberation to it', () => {
    expect(resolveFont('HelveticaNeue-Bold')).toEqual({
      family: 'Liberation Sans',
      weight: 'bold',
      style: 'normal',
    });
    expect(resolveFont('Arial-ItalicMT')).toEqual({
      family: 'Liberation Sans',
      weight: 'normal',
      style: 'italic',
    });
    expect(resolveFont('TimesNewRomanPS-BoldMT').family).toBe('Liberation Serif');
    expect(resolveFont('Times-Roman')).toEqual({
      family: 'Liberation Serif',
      weight: 'normal',
      style: 'normal',
    });
    expect(resolveFont('CourierNewPSMT').family).toBe('Liberation Mono');
    expect(resolveFont('ArialNarrow-Bold')).toEqual({
      family: 'Liberation Sans Narrow',
      weight: 'bold',
      style: 'normal',
    });
    expect(resolveFont('HelveticaNeue-CondensedBlack')).toMatchObject({
      family: 'Liberation Sans Narrow',
      weight: 'bold',
    });
  });

  it('sends other typefaces to the installed family of their kind', () => {
    expect(resolveFont('Baskerville-SemiBoldItalic')).toEqual({
      family: 'DejaVu Serif',
      weight: 'bold',
      style: 'italic',
    });
    expect(resolveFont('Georgia-Italic')).toEqual({
      family: 'DejaVu Serif',
      weight: 'normal',
      style: 'italic',
    });
    expect(resolveFont('Menlo-Regular').family).toBe('DejaVu Sans Mono');
    expect(resolveFont('Avenir-Roman')).toEqual({
      family: 'DejaVu Sans',
      weight: 'normal',
      style: 'normal',
    });
    expect(resolveFont('Avenir-BlackOblique')).toEqual({
      family: 'DejaVu Sans',
      weight: 'bold',
      style: 'italic',
    });
    expect(resolveFont('Futura Condensed Medium')).toEqual({
      family: 'DejaVu Sans',
      weight: 'normal',
      style: 'normal',
    });
    expect(resolveFont('NimbusRomNo9L-MediItal')).toEqual({
      family: 'Liberation Serif',
      weight: 'bold',
      style: 'italic',
    });
    expect(resolveFont('Apple-Chancery').style).toBe('italic');
    expect(resolveFont('MshtakanBoldOblique')).toMatchObject({ weight: 'bold', style: 'italic' });
    expect(resolveFont('HelveticaNeue-UltraLight').weight).toBe('light');
    expect(resolveFont('HiraginoSans-W6').weight).toBe('bold');
    expect(resolveFont('HiraginoSans-W3').weight).toBe('light');
  });

  it('only ever names families fontconfig has installed', () => {
    const installed = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
    const families = new Set(installed.split('\n').flatMap((line) => line.split(',')));
    for (const name of [
      'Georgia',
      'Menlo-Bold',
      'PTMono-Regular',
      'ArialMT',
      'Zapfino',
      'Impact',
      'Skia-Black',
    ]) {
      expect(families, name).toContain(resolveFont(name).family);
    }
  });
});
