import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../testing/golden.ts';
import { quadrants } from '../testing/images.ts';
import { cornerQuadrants } from '../testing/quadrant-colour.ts';
import { renderImage } from '../testing/render-query.ts';
import { runSteps } from '../testing/step-context.ts';
import { orientStep } from './orient.ts';
import { rectStep } from './rect.ts';
import { sizeStep } from './size.ts';

async function cut(query: string) {
  return renderImage(await quadrants(64, 48), query);
}

describe('rect step', () => {
  it('selects a region given in pixels', async () => {
    const { width, height, body } = await cut('rect=0,0,32,24');
    expect([width, height]).toEqual([32, 24]);
    expect(await cornerQuadrants(body, 32, 24, 0)).toEqual([
      'topLeft',
      'topLeft',
      'topLeft',
      'topLeft',
    ]);
  });

  it('reads 0-1 values as fractions of the image', async () => {
    const { width, height, body } = await cut('rect=0.5,0.5,0.5,0.5');
    expect([width, height]).toEqual([32, 24]);
    expect(await cornerQuadrants(body, 32, 24, 0)).toEqual([
      'bottomRight',
      'bottomRight',
      'bottomRight',
      'bottomRight',
    ]);
  });

  it('places the region with keywords', async () => {
    const centre = await cut('rect=center,middle,32,24');
    expect([centre.width, centre.height]).toEqual([32, 24]);
    expect(await cornerQuadrants(centre.body, 32, 24)).toEqual([
      'topLeft',
      'topRight',
      'bottomRight',
      'bottomLeft',
    ]);
    const corner = await cut('rect=right,bottom,16,12');
    expect(await cornerQuadrants(corner.body, 16, 12, 0)).toEqual([
      'bottomRight',
      'bottomRight',
      'bottomRight',
      'bottomRight',
    ]);
  });

  it('keeps what there is of a region that reaches past the image', async () => {
    expect(await cut('rect=60,40,100,100')).toMatchObject({ width: 4, height: 8 });
  });

  it('cuts before resizing, in one pipeline with the resize', async () => {
    const { width, height, body } = await cut('rect=32,0,32,24&w=16');
    expect([width, height]).toEqual([16, 12]);
    expect(await cornerQuadrants(body, 16, 12, 0)).toEqual([
      'topRight',
      'topRight',
      'topRight',
      'topRight',
    ]);
    const { materialized } = await runSteps(await quadrants(64, 48), 'rect=32,0,32,24&w=16', [
      orientStep,
      rectStep,
      sizeStep,
    ]);
    expect(materialized).toBe(0);
  });

  it('matches its golden for a centred region', async () => {
    const { body } = await cut('rect=center,middle,0.5,0.5');
    await expectMatchesGolden('rect/centre-half', body);
  });
});
