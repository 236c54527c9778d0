/**
 * Holds a touch back from the elements inside `container` until it has travelled `distance`
 * pixels, then hands them the touch's first contact as if it had just started (spec editor
 * section 9: touch activation distance 30). Cropper.js v1 has no such option, and without it a
 * finger scrolling the page on a phone nudges the crop frame. A tap that stays within the
 * distance never reaches the frame at all. Mouse and pen pointers pass straight through.
 *
 * Returns the function that removes the listeners.
 */
export function holdTouchesUntilMoved(container: HTMLElement, distance: number): () => void {
  const held = new Map<number, PointerEvent>();
  const released = new WeakSet<Event>();
  const document = container.ownerDocument;

  const onDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch' || released.has(event)) return;
    // Capture phase on the container: the cropper inside never sees this one.
    event.stopPropagation();
    held.set(event.pointerId, event);
  };

  const onMove = (event: PointerEvent) => {
    const start = held.get(event.pointerId);
    if (start === undefined) return;
    const travelled = Math.hypot(event.clientX - start.clientX, event.clientY - start.clientY);
    if (travelled < distance) return;
    held.delete(event.pointerId);
    // From where the finger first landed, so the frame catches up with it on this move.
    const replay = new PointerEvent('pointerdown', {
      bubbles: true,
      cancelable: true,
      composed: true,
      pointerId: start.pointerId,
      pointerType: 'touch',
      isPrimary: start.isPrimary,
      clientX: start.clientX,
      clientY: start.clientY,
      screenX: start.screenX,
      screenY: start.screenY,
      buttons: 1,
    });
    released.add(replay);
    start.target?.dispatchEvent(replay);
  };

  const onEnd = (event: PointerEvent) => {
    held.delete(event.pointerId);
  };

  container.addEventListener('pointerdown', onDown, { capture: true });
  document.addEventListener('pointermove', onMove, { capture: true });
  document.addEventListener('pointerup', onEnd, { capture: true });
  document.addEventListener('pointercancel', onEnd, { capture: true });
  return () => {
    container.removeEventListener('pointerdown', onDown, { capture: true });
    document.removeEventListener('pointermove', onMove, { capture: true });
    document.removeEventListener('pointerup', onEnd, { capture: true });
    document.removeEventListener('pointercancel', onEnd, { capture: true });
  };
}
