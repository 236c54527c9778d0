import { afterEach, describe, expect, it } from 'vitest';
import { holdTouchesUntilMoved } from './touch-activation.ts';

function pointer(type: string, init: PointerEventInit): PointerEvent {
  return new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 7, ...init });
}

describe('holdTouchesUntilMoved', () => {
  const container = document.createElement('div');
  const frame = document.createElement('div');
  container.append(frame);
  document.body.append(container);
  const seen: PointerEvent[] = [];
  frame.addEventListener('pointerdown', (event) => seen.push(event));
  let release = () => {};

  afterEach(() => {
    release();
    seen.length = 0;
  });

  it('hands a touch to the frame only once it has travelled the distance, from where it landed', () => {
    release = holdTouchesUntilMoved(container, 30);
    frame.dispatchEvent(
      pointer('pointerdown', { pointerType: 'touch', clientX: 100, clientY: 100 }),
    );
    expect(seen).toHaveLength(0);

    document.dispatchEvent(
      pointer('pointermove', { pointerType: 'touch', clientX: 120, clientY: 110 }),
    );
    expect(seen).toHaveLength(0);

    document.dispatchEvent(
      pointer('pointermove', { pointerType: 'touch', clientX: 125, clientY: 120 }),
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      pointerType: 'touch',
      pointerId: 7,
      clientX: 100,
      clientY: 100,
    });

    // Released once: later moves belong to the frame's own drag.
    document.dispatchEvent(
      pointer('pointermove', { pointerType: 'touch', clientX: 200, clientY: 200 }),
    );
    expect(seen).toHaveLength(1);
  });

  it('never passes on a tap that stays within the distance', () => {
    release = holdTouchesUntilMoved(container, 30);
    frame.dispatchEvent(pointer('pointerdown', { pointerType: 'touch', clientX: 10, clientY: 10 }));
    document.dispatchEvent(
      pointer('pointermove', { pointerType: 'touch', clientX: 20, clientY: 20 }),
    );
    document.dispatchEvent(
      pointer('pointerup', { pointerType: 'touch', clientX: 20, clientY: 20 }),
    );
    document.dispatchEvent(
      pointer('pointermove', { pointerType: 'touch', clientX: 90, clientY: 90 }),
    );
    expect(seen).toHaveLength(0);
  });

  it('lets mouse pointers straight through, and stops holding once released', () => {
    release = holdTouchesUntilMoved(container, 30);
    frame.dispatchEvent(pointer('pointerdown', { pointerType: 'mouse', clientX: 5, clientY: 5 }));
    expect(seen).toHaveLength(1);

    release();
    frame.dispatchEvent(pointer('pointerdown', { pointerType: 'touch', clientX: 5, clientY: 5 }));
    expect(seen).toHaveLength(2);
  });
});
