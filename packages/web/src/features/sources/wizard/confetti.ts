// Spec platform section 9: the completion burst is 250 particles over 5000 ms on an
// 1800 × 1800 px canvas, in five colours.
const CONFETTI = {
  particles: 250,
  durationMs: 5000,
  canvasPx: 1800,
  colors: ['#ea580c', '#fb923c', '#facc15', '#22c55e', '#3b82f6'],
} as const;

/** Bursts confetti over the page; the canvas is removed once the burst is over. */
export async function burstConfetti(): Promise<void> {
  const { default: confetti } = await import('canvas-confetti');
  const canvas = document.createElement('canvas');
  canvas.width = CONFETTI.canvasPx;
  canvas.height = CONFETTI.canvasPx;
  canvas.setAttribute('aria-hidden', 'true');
  Object.assign(canvas.style, {
    position: 'fixed',
    top: '50%',
    left: '50%',
    width: `${CONFETTI.canvasPx}px`,
    height: `${CONFETTI.canvasPx}px`,
    transform: 'translate(-50%, -50%)',
    pointerEvents: 'none',
    zIndex: '60',
  });
  document.body.append(canvas);
  const fire = confetti.create(canvas, { resize: false, disableForReducedMotion: true });
  // ticks are animation frames: 5000 ms at 60 frames per second.
  void fire({
    particleCount: CONFETTI.particles,
    spread: 100,
    startVelocity: 45,
    ticks: (CONFETTI.durationMs / 1000) * 60,
    origin: { x: 0.5, y: 0.45 },
    colors: [...CONFETTI.colors],
  });
  window.setTimeout(() => {
    fire.reset();
    canvas.remove();
  }, CONFETTI.durationMs);
}
