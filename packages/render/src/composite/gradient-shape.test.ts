import { describe, expect, it } from 'vitest';
import { gradientPosition, linearShape, radialShape } from './gradient-shape.ts';

const BOX = { width: 200, height: 100 };

describe('linearShape', () => {
  it('runs top to bottom at 180 degrees, across the box at 90, bottom to top at 0', () => {
    const down = linearShape({ degrees: 180 }, BOX);
    expect(gradientPosition(down, 37, 0)).toBeCloseTo(0);
    expect(gradientPosition(down, 150, 100)).toBeCloseTo(1);
    expect(gradientPosition(down, 0, 25)).toBeCloseTo(0.25);
    expect(gradientPosition(linearShape({ degrees: 90 }, BOX), 50, 80)).toBeCloseTo(0.25);
    expect(gradientPosition(linearShape({ degrees: 0 }, BOX), 10, 25)).toBeCloseTo(0.75);
    // Angles wrap: -90 is 270, toward the left.
    expect(gradientPosition(linearShape({ degrees: -90 }, BOX), 50, 80)).toBeCloseTo(0.75);
  });

  it('makes the gradient line as long as the box is along it (CSS), so corners get the ends', () => {
    const diagonal = linearShape({ degrees: 45 }, BOX);
    expect(gradientPosition(diagonal, 0, 100)).toBeCloseTo(0);
    expect(gradientPosition(diagonal, 200, 0)).toBeCloseTo(1);
    expect(gradientPosition(diagonal, 150, 25)).toBeCloseTo(0.75);
  });

  it('aims a corner perpendicular to the other diagonal, so that diagonal is the middle', () => {
    const corner = linearShape({ towards: ['top', 'right'] }, BOX);
    // The "magic corners" of CSS: top-left and bottom-right are half way on a 2:1 box, where
    // 45 degrees would put them a third and two thirds of the way.
    expect(gradientPosition(corner, 0, 0)).toBeCloseTo(0.5);
    expect(gradientPosition(corner, 200, 100)).toBeCloseTo(0.5);
    expect(gradientPosition(corner, 0, 100)).toBeCloseTo(0);
    expect(gradientPosition(corner, 200, 0)).toBeCloseTo(1);
    expect(gradientPosition(linearShape({ degrees: 45 }, BOX), 0, 0)).toBeCloseTo(1 / 3);
  });
});

describe('radialShape', () => {
  const at = (shape: ReturnType<typeof radialShape>, x: number, y: number) =>
    gradientPosition(shape, x, y);

  it('reaches the farthest corner by default, as an ellipse with the box proportions', () => {
    const ellipse = radialShape({ keyword: 'farthest-corner', circle: false }, 100, 50, BOX);
    expect(at(ellipse, 200, 100)).toBeCloseTo(1);
    expect(at(ellipse, 0, 0)).toBeCloseTo(1);
    expect(at(ellipse, 100 + 100 * Math.SQRT1_2, 50)).toBeCloseTo(0.5);
    const circle = radialShape({ keyword: 'farthest-corner', circle: true }, 100, 50, BOX);
    expect(at(circle, 200, 100)).toBeCloseTo(1);
    expect(at(circle, 100, 0)).toBeCloseTo(50 / Math.hypot(100, 50));
  });

  it('measures the side and corner keywords from the centre', () => {
    const near = { keyword: 'closest-side', circle: true } as const;
    expect(at(radialShape(near, 100, 50, BOX), 150, 50)).toBeCloseTo(1);
    expect(at(radialShape(near, 40, 50, BOX), 0, 50)).toBeCloseTo(1);
    const far = radialShape({ keyword: 'farthest-side', circle: false }, 40, 50, BOX);
    expect(at(far, 200, 50)).toBeCloseTo(1);
    expect(at(far, 40, 100)).toBeCloseTo(1);
    const corner = radialShape({ keyword: 'closest-corner', circle: false }, 40, 20, BOX);
    expect(at(corner, 0, 0)).toBeCloseTo(1);
    const nearestCorner = radialShape({ keyword: 'closest-corner', circle: true }, 40, 20, BOX);
    expect(at(nearestCorner, 40 + Math.hypot(40, 20), 20)).toBeCloseTo(1);
  });

  it('takes one radius as a circle and two as an ellipse', () => {
    const circle = radialShape({ radius: 40 }, 100, 50, BOX);
    expect(at(circle, 120, 50)).toBeCloseTo(0.5);
    expect(at(circle, 100, 30)).toBeCloseTo(0.5);
    const ellipse = radialShape({ rx: 50, ry: 20 }, 100, 50, BOX);
    expect(at(ellipse, 125, 50)).toBeCloseTo(0.5);
    expect(at(ellipse, 100, 60)).toBeCloseTo(0.5);
  });
});
