import { describe, expect, it } from 'vitest';
import { castGeometry, projectCast, type CastProjection } from './cast-projection.ts';

const upright = { pose: 90, elevation: 45 };

describe('castGeometry', () => {
  it('throws the shadow away from the light: left of a light on the right, right of one on the left', () => {
    expect(castGeometry({ ...upright, azimuth: 90 }).shear).toBeCloseTo(-1);
    expect(castGeometry({ ...upright, azimuth: 270 }).shear).toBeCloseTo(1);
    // From behind (0) towards the viewer, down the picture; from the front (180) up it.
    expect(castGeometry({ ...upright, azimuth: 0 }).depth).toBeCloseTo(-0.25);
    expect(castGeometry({ ...upright, azimuth: 180 }).depth).toBeCloseTo(0.25);
  });

  it('is one height long at 45 degrees, twice at most however low the light', () => {
    expect(castGeometry({ ...upright, azimuth: 270, elevation: 5 }).shear).toBeCloseTo(2);
    expect(castGeometry({ ...upright, azimuth: 270, elevation: 75 }).shear).toBeCloseTo(0.268, 3);
  });

  it('lays a flat lay (pose 0) shadow exactly under the subject', () => {
    expect(castGeometry({ azimuth: 215, elevation: 20, pose: 0 })).toEqual({ shear: 0, depth: 1 });
  });

  it('keeps a shadow lit from straight above a sliver behind the subject, never a line', () => {
    expect(castGeometry({ ...upright, azimuth: 0, elevation: 90 }).depth).toBeCloseTo(0.08);
  });
});

describe('projectCast', () => {
  // A 4 x 4 silhouette: a 2 x 4 bar in columns 1 and 2.
  const bar = Uint8Array.from({ length: 16 }, (_, index) => ([1, 2].includes(index % 4) ? 255 : 0));
  const projection = (changes: Partial<CastProjection>): CastProjection => ({
    top: 0,
    ground: 4,
    geometry: { shear: 0, depth: -0.5 },
    window: { left: 0, top: 0, width: 4, height: 8 },
    bands: [0],
    falloff: 0,
    ...changes,
  });
  const rows = (plane: Uint8Array) =>
    Array.from({ length: plane.length / 4 }, (_, row) => [...plane.subarray(row * 4, row * 4 + 4)]);

  it('lays a 4 px tall bar half as long on the floor below it, keeping its weight', () => {
    expect(rows(projectCast(bar, 4, 4, projection({})))).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 255, 255, 0],
      [0, 255, 255, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
  });

  it('fades it towards the tip with falloff, and splits it into bands that add up to it', () => {
    const faded = rows(projectCast(bar, 4, 4, projection({ falloff: 1 })));
    expect(faded[4]?.[1]).toBe(191);
    expect(faded[5]?.[1]).toBe(64);
    const split = projectCast(bar, 4, 4, projection({ bands: [0, 1] }));
    const [near, far] = [split.subarray(0, 32), split.subarray(32)];
    expect(near.map((value, index) => value + (far[index] ?? 0))).toEqual(
      projectCast(bar, 4, 4, projection({})),
    );
    expect(near[4 * 4 + 1]).toBeGreaterThan(far[4 * 4 + 1] ?? 0);
  });

  it('shears each row by its own height', () => {
    const sheared = projectCast(
      bar,
      4,
      4,
      projection({
        geometry: { shear: 1, depth: -1 },
        window: { left: 0, top: 0, width: 8, height: 8 },
      }),
    );
    const row = (index: number) => [...sheared.subarray(index * 8, index * 8 + 8)];
    // Height 0.5 lands half a pixel right; height 3.5, three and a half.
    expect(row(4)).toEqual([0, 128, 255, 128, 0, 0, 0, 0]);
    expect(row(7)).toEqual([0, 0, 0, 0, 128, 255, 128, 0]);
  });
});
