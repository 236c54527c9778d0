import { describe, expect, it } from 'vitest';
import { COCO_CLASSES, COCO_SUPERCATEGORIES } from './coco-classes.ts';

describe('COCO supercategories', () => {
  it('group every class once, in the model order', () => {
    expect(Object.values(COCO_SUPERCATEGORIES).flat()).toEqual([...COCO_CLASSES]);
  });

  it('hold the classes COCO 2017 puts under them', () => {
    expect(COCO_SUPERCATEGORIES.person).toEqual(['person']);
    expect(COCO_SUPERCATEGORIES.vehicle).toEqual([
      'bicycle',
      'car',
      'motorcycle',
      'airplane',
      'bus',
      'train',
      'truck',
      'boat',
    ]);
    expect(COCO_SUPERCATEGORIES.animal).toContain('zebra');
    expect(COCO_SUPERCATEGORIES.accessory).toContain('tie');
    expect(COCO_SUPERCATEGORIES.indoor?.at(-1)).toBe('toothbrush');
    expect(Object.keys(COCO_SUPERCATEGORIES)).toHaveLength(12);
  });
});
