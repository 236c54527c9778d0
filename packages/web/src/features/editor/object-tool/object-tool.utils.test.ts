import { describe, expect, it } from 'vitest';
import {
  canApply,
  canRemoveObject,
  initialBox,
  initialObjectToolState,
  MODE_CHANGE_REFUSED,
  objectToolTransition,
  paramsWithObjects,
  parseBoxes,
  randomSeed,
  scaleBox,
  serializeBoxes,
  workingParams,
  workingWidth,
  type ObjectToolAction,
  type ObjectToolState,
} from './object-tool.utils.ts';

const origin = { originWidth: 1000, originHeight: 600 };
const box = { left: 10, top: 20, width: 30, height: 40 };

function next(state: ObjectToolState, action: ObjectToolAction): ObjectToolState {
  const result = objectToolTransition(state, action);
  if ('refused' in result) throw new Error(result.refused);
  return result.state;
}

const fresh = (): ObjectToolState => initialObjectToolState({});

describe('boxes', () => {
  it('serialises whole numbers, boxes joined by semicolons', () => {
    expect(
      serializeBoxes([
        { left: 10.4, top: 20.6, width: 30, height: 40 },
        { left: 1, top: 2, width: 3, height: 4 },
      ]),
    ).toBe('10,21,30,40;1,2,3,4');
  });

  it('parses what it serialises and skips malformed members', () => {
    expect(parseBoxes('10,20,30,40;1,2,3;a,b,c,d;5,5,0,5;1,2,3,4')).toEqual([
      box,
      { left: 1, top: 2, width: 3, height: 4 },
    ]);
    expect(parseBoxes(undefined)).toEqual([]);
  });

  it('starts with a centred square 30 percent of the origin width', () => {
    expect(initialBox(origin)).toEqual({ left: 350, top: 150, width: 300, height: 300 });
  });

  it('keeps the initial box inside a wide, short image', () => {
    expect(initialBox({ originWidth: 1000, originHeight: 100 })).toEqual({
      left: 450,
      top: 0,
      width: 100,
      height: 100,
    });
  });

  it('scales a box between the shown copy and the original', () => {
    expect(scaleBox({ left: 10, top: 10, width: 5, height: 5 }, 2.5)).toEqual({
      left: 25,
      top: 25,
      width: 13,
      height: 13,
    });
  });
});

describe('working image', () => {
  it('shows an image of up to 3 megapixels at its full size', () => {
    expect(workingWidth({ originWidth: 2000, originHeight: 1500 })).toBe(2000);
    expect(workingParams(fresh(), { originWidth: 2000, originHeight: 1500 })).toEqual({});
  });

  it('shows a copy of about 3 megapixels of a larger one', () => {
    const width = workingWidth({ originWidth: 4000, originHeight: 3000 });
    expect(width).toBe(2000);
    expect(workingParams(fresh(), { originWidth: 4000, originHeight: 3000 })).toEqual({
      w: '2000',
    });
  });

  it('carries the removals so far, not the editor parameters', () => {
    const state = { ...fresh(), selections: [box], seed: 7 };
    expect(workingParams(state, origin)).toEqual({
      'object-removal-rect': '10,20,30,40',
      'object-removal-seed': '7',
    });
  });
});

describe('objectToolTransition', () => {
  it('adds each removed box to the selections', () => {
    let state = next(fresh(), { type: 'select', box });
    expect(canRemoveObject(state)).toBe(true);
    state = next(state, { type: 'removeObject' });
    state = next(state, { type: 'select', box: { ...box, left: 100 } });
    state = next(state, { type: 'removeObject' });
    expect(serializeBoxes(state.selections)).toBe('10,20,30,40;100,20,30,40');
  });

  it('refuses to remove before a box is drawn', () => {
    expect(objectToolTransition(fresh(), { type: 'removeObject' })).toHaveProperty('refused');
    expect(canRemoveObject(fresh())).toBe(false);
  });

  it('refuses a mode change while selections exist', () => {
    const state = next(next(fresh(), { type: 'select', box }), { type: 'removeObject' });
    expect(objectToolTransition(state, { type: 'setMode', mode: 'replace' })).toEqual({
      refused: MODE_CHANGE_REFUSED,
    });
    expect(next(fresh(), { type: 'setMode', mode: 'replace' }).mode).toBe('replace');
  });

  it('makes the current box the only selection when replacing, with a prompt', () => {
    let state = next(fresh(), { type: 'setMode', mode: 'replace' });
    state = next(state, { type: 'select', box });
    expect(objectToolTransition(state, { type: 'replaceObject' })).toHaveProperty('refused');
    state = next(state, { type: 'setPrompt', prompt: 'a red balloon' });
    state = next(state, { type: 'replaceObject' });
    state = next(state, { type: 'select', box: { ...box, top: 0 } });
    state = next(state, { type: 'replaceObject' });
    expect(state.selections).toEqual([{ ...box, top: 0 }]);
  });

  it('restores objects but keeps the mode and the box being drawn', () => {
    let state = next(fresh(), { type: 'setMode', mode: 'replace' });
    state = next(state, { type: 'select', box });
    state = next(state, { type: 'setPrompt', prompt: 'a kite' });
    state = next(next(state, { type: 'replaceObject' }), { type: 'rerun', seed: 42 });
    const restored = next(state, { type: 'restore' });
    expect(restored).toEqual({
      mode: 'replace',
      selections: [],
      currentSelection: box,
      positivePrompt: '',
      seed: null,
    });
  });
});

describe('Apply and Exit', () => {
  it('needs a selection, and in replace mode a prompt', () => {
    expect(canApply(fresh())).toBe(false);
    expect(canApply({ ...fresh(), selections: [box] })).toBe(true);
    const replacing = { ...fresh(), mode: 'replace' as const, selections: [box] };
    expect(canApply(replacing)).toBe(false);
    expect(canApply({ ...replacing, positivePrompt: '  ' })).toBe(false);
    expect(canApply({ ...replacing, positivePrompt: 'a dog' })).toBe(true);
  });

  it('writes the boxes, the prompt when replacing and the seed after a rerun', () => {
    const params = { w: '500', 'object-removal-prompt': 'old' };
    expect(paramsWithObjects(params, { ...fresh(), selections: [box] })).toEqual({
      w: '500',
      'object-removal-rect': '10,20,30,40',
    });
    expect(
      paramsWithObjects(params, {
        ...fresh(),
        mode: 'replace',
        selections: [box],
        positivePrompt: ' a dog ',
        seed: 12,
      }),
    ).toEqual({
      w: '500',
      'object-removal-rect': '10,20,30,40',
      'object-removal-prompt': 'a dog',
      'object-removal-seed': '12',
    });
  });

  it('clears every object parameter when nothing is selected', () => {
    expect(
      paramsWithObjects(
        { 'object-removal-rect': '1,1,1,1', 'object-removal-seed': '3', h: '9' },
        fresh(),
      ),
    ).toEqual({ h: '9' });
  });

  it('reopens on the parameters the editor holds', () => {
    expect(
      initialObjectToolState({
        'object-removal-rect': '1,2,3,4',
        'object-removal-prompt': 'a cat',
        'object-removal-seed': '55',
      }),
    ).toEqual({
      mode: 'replace',
      selections: [{ left: 1, top: 2, width: 3, height: 4 }],
      currentSelection: null,
      positivePrompt: 'a cat',
      seed: 55,
    });
  });
});

describe('randomSeed', () => {
  it('draws whole numbers from 0 to 9999', () => {
    expect(randomSeed(() => 0)).toBe(0);
    expect(randomSeed(() => 0.99999999)).toBe(9999);
    expect(randomSeed(() => 0.5)).toBe(5000);
  });
});
