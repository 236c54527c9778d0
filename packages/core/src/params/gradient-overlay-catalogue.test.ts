import { describe, expect, it } from 'vitest';
import { PARAMETER_NAMES } from './catalogue.ts';
import { gradientFamilyNames } from './gradient-overlay-catalogue.ts';
import { parseParams } from './parse.ts';

// core compiles without DOM or Node typings; the runtime has URLSearchParams, as callers do.
declare const URLSearchParams: new (query: string) => Iterable<[string, string]>;

function issues(query: string) {
  const result = parseParams(new URLSearchParams(query));
  return result.ok ? [] : result.issues;
}

function parsed(query: string) {
  const result = parseParams(new URLSearchParams(query));
  if (!result.ok) throw new Error(result.issues.map((issue) => issue.message).join('; '));
  return result.params;
}

describe('the gradient and fade parameters', () => {
  it('are catalogue parameters on the picture, the watermark and the blend layer', () => {
    for (const layer of ['', 'mark-', 'blend-'] as const) {
      const names = gradientFamilyNames(layer);
      expect(names).toHaveLength(18);
      for (const name of names) expect(PARAMETER_NAMES).toContain(name);
    }
    expect(gradientFamilyNames('mark-')).toContain('mark-gradient-radial-size');
    expect(gradientFamilyNames('blend-')).toContain('blend-fade-right');
  });

  it('takes 2 to 16 colours, as hex (alpha first) or keywords', () => {
    const colours = parsed('gradient=cc000000,red').list('gradient') ?? [];
    expect(colours).toEqual([
      { type: 'color', value: { r: 0, g: 0, b: 0, alpha: 0.8 } },
      { type: 'color', value: { r: 255, g: 0, b: 0, alpha: 1 } },
    ]);
    expect(parsed(`gradient=${Array(16).fill('fff').join(',')}`).list('gradient')).toHaveLength(16);
  });

  it.each([
    ['gradient=ff0000', 'gradient'],
    [`gradient=${Array(17).fill('fff').join(',')}`, 'gradient'],
    ['gradient=ff0000,notacolour', 'gradient'],
    ['mark=a.png&mark-gradient=ff0000', 'mark-gradient'],
    ['blend-gradient=ff0000,zz', 'blend-gradient'],
  ])('refuses %s: fewer than 2 colours, more than 16, or one that is no colour', (query, name) => {
    expect(issues(query)).toEqual([
      {
        parameter: name,
        message: `The value for "${name}" must be a comma-separated list of 2 to 16 members, each a hex color (RGB, ARGB, RRGGBB or AARRGGBB), or a color keyword such as red.`,
      },
    ]);
  });

  it.each([
    ['gradient-type=conic', 'gradient-type', 'one of linear or radial'],
    ['gradient-cs=rgb', 'gradient-cs', 'one of srgb, linear, oklab, oklch, lch, hsl or hsv'],
    ['gradient-hue=sideways', 'gradient-hue', 'one of shorter, longer, increasing or decreasing'],
    ['gradient-radial-shape=square', 'gradient-radial-shape', 'one of ellipse or circle'],
    ['gradient-mask=maybe', 'gradient-mask', '0, 1, true or false'],
    ['fade=-1', 'fade', 'an integer of at least 0, or a number between 0 and 1'],
    ['fade-top=abc', 'fade-top', 'an integer of at least 0, or a number between 0 and 1'],
    [
      'mark-fade-left=1.5',
      'mark-fade-left',
      'an integer of at least 0, or a number between 0 and 1',
    ],
    ['gradient-radial-x=1.5', 'gradient-radial-x', 'an integer, or a number between -1 and 1'],
  ])('refuses %s with the message of editor spec section 5', (query, name, expected) => {
    expect(issues(`gradient=000,fff&gradient-type=radial&${query}`)).toEqual([
      { parameter: name, message: `The value for "${name}" must be ${expected}.` },
    ]);
  });

  it('refuses a mode that is no blend mode, and takes the CSS spellings', () => {
    expect(issues('gradient=000,fff&gradient-mode=plus')[0]?.parameter).toBe('gradient-mode');
    expect(parsed('gradient=000,fff&gradient-mode=Soft-Light').string('gradient-mode')).toBe(
      'soft-light',
    );
  });

  it('refuses two sides on one axis and three sides as an angle, and takes any number', () => {
    expect(issues('gradient=000,fff&gradient-angle=top,bottom')[0]?.parameter).toBe(
      'gradient-angle',
    );
    expect(issues('gradient=000,fff&gradient-angle=top,left,right')[0]?.parameter).toBe(
      'gradient-angle',
    );
    expect(parsed('gradient=000,fff&gradient-angle=right,top').string('gradient-angle')).toBe(
      'right,top',
    );
    expect(parsed('gradient=000,fff&gradient-angle=-450').number('gradient-angle')).toBe(-450);
  });

  it('refuses a lone fraction as a radial size, as CSS does, and takes a radius or two', () => {
    const query = 'gradient=000,fff&gradient-type=radial&gradient-radial-size=';
    expect(issues(`${query}0.5`)[0]?.parameter).toBe('gradient-radial-size');
    expect(issues(`${query}0`)[0]?.parameter).toBe('gradient-radial-size');
    expect(parsed(`${query}40`).number('gradient-radial-size')).toBe(40);
    expect(parsed(`${query}0.5,20`).list('gradient-radial-size')).toEqual([
      { type: 'number', value: 0.5 },
      { type: 'integer', value: 20 },
    ]);
  });

  it('refuses stops outside 0-100, and a stop list that does not give one per colour', () => {
    expect(issues('gradient=000,fff&gradient-stops=0,150')[0]?.parameter).toBe('gradient-stops');
    expect(issues('gradient=000,fff,f00&gradient-stops=0,100')).toEqual([
      {
        parameter: 'gradient-stops',
        message:
          'The value for "gradient-stops" must be 3 comma-separated numbers between 0 and 100, one for each color of "gradient".',
      },
    ]);
    expect(issues('mark=a.png&mark-gradient=000,fff&mark-gradient-stops=50')[0]?.parameter).toBe(
      'mark-gradient-stops',
    );
    // Positions that go backwards are raised by the render, not refused (gradient-stops page).
    expect(issues('gradient=000,fff,f00&gradient-stops=50,20,100')).toEqual([]);
  });

  it('holds gradient-alpha within 0-100 rather than refusing it', () => {
    expect(parsed('gradient=000,fff&gradient-alpha=150').number('gradient-alpha')).toBe(100);
    expect(parsed('gradient=000,fff&gradient-alpha=-5').number('gradient-alpha')).toBe(0);
  });

  it('reads no companion without the colours, nor the layer families without their layer', () => {
    const alone = parsed('gradient-type=radial&gradient-stops=0,100&mark-gradient=000,fff');
    expect(alone.names()).toEqual([]);
    const radial = parsed('gradient=000,fff&gradient-radial-x=10');
    expect(radial.has('gradient-radial-x')).toBe(false);
    // gradient-hue is read in the hue spaces only.
    expect(parsed('gradient=000,fff&gradient-hue=longer').has('gradient-hue')).toBe(false);
    expect(
      parsed('gradient=000,fff&gradient-cs=oklch&gradient-hue=longer').has('gradient-hue'),
    ).toBe(true);
  });

  it('keeps one pixel and a fraction apart in the cache key', () => {
    expect(parsed('fade=1').cacheKey()).not.toBe(parsed('fade=0.5').cacheKey());
    expect(issues('fade=100%')[0]?.parameter).toBe('fade');
  });
});
