// The 80 object classes of COCO 2017 as the CenterNet model of @vladmandic/human names them, in
// the model's order. Every language file translates each one (languages.test.ts checks it).
export const COCO_CLASSES = [
  'person',
  'bicycle',
  'car',
  'motorcycle',
  'airplane',
  'bus',
  'train',
  'truck',
  'boat',
  'traffic light',
  'fire hydrant',
  'stop sign',
  'parking meter',
  'bench',
  'bird',
  'cat',
  'dog',
  'horse',
  'sheep',
  'cow',
  'elephant',
  'bear',
  'zebra',
  'giraffe',
  'backpack',
  'umbrella',
  'handbag',
  'tie',
  'suitcase',
  'frisbee',
  'skis',
  'snowboard',
  'sports ball',
  'kite',
  'baseball bat',
  'baseball glove',
  'skateboard',
  'surfboard',
  'tennis racket',
  'bottle',
  'wine glass',
  'cup',
  'fork',
  'knife',
  'spoon',
  'bowl',
  'banana',
  'apple',
  'sandwich',
  'orange',
  'broccoli',
  'carrot',
  'hot dog',
  'pizza',
  'donut',
  'cake',
  'chair',
  'couch',
  'potted plant',
  'bed',
  'dining table',
  'toilet',
  'tv',
  'laptop',
  'mouse',
  'remote',
  'keyboard',
  'cell phone',
  'microwave',
  'oven',
  'toaster',
  'sink',
  'refrigerator',
  'book',
  'clock',
  'vase',
  'scissors',
  'teddy bear',
  'hair drier',
  'toothbrush',
] as const;

export type CocoClass = (typeof COCO_CLASSES)[number];

/**
 * COCO 2017's supercategories, each grouping a run of the classes above (the model's order is
 * COCO's, supercategory by supercategory): name and how many classes it holds.
 */
const SUPERCATEGORY_RUNS: readonly (readonly [name: string, classes: number])[] = [
  ['person', 1],
  ['vehicle', 8],
  ['outdoor', 5],
  ['animal', 10],
  ['accessory', 5],
  ['sports', 10],
  ['kitchen', 7],
  ['food', 10],
  ['furniture', 6],
  ['electronic', 6],
  ['appliance', 5],
  ['indoor', 7],
];

/** The classes each COCO supercategory groups, by supercategory name. */
export const COCO_SUPERCATEGORIES: Readonly<Record<string, readonly CocoClass[]>> =
  Object.fromEntries(
    SUPERCATEGORY_RUNS.map(([name, count], index) => {
      const first = SUPERCATEGORY_RUNS.slice(0, index).reduce((sum, [, size]) => sum + size, 0);
      return [name, COCO_CLASSES.slice(first, first + count)];
    }),
  );

const CLASS_SET: ReadonlySet<string> = new Set(COCO_CLASSES);

/** Whether a detector label is one of the 80 COCO classes the languages translate. */
export function isCocoClass(name: string): name is CocoClass {
  return CLASS_SET.has(name);
}
