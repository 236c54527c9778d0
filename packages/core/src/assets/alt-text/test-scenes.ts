// Scenes shared by the alt-text tests: a frame of 800 by 600 and detections placed in it.
import type { AltTextInput, AltTextLabel } from './types.ts';

export function label(name: string, confidence: number, width = 200, height = 200): AltTextLabel {
  return { name, confidence, box: { left: 10, top: 10, width, height } };
}

export function scene(overrides: Partial<AltTextInput>): AltTextInput {
  return {
    mediaKind: 'IMAGE',
    labels: [],
    faceCount: 0,
    colors: [],
    width: 800,
    height: 600,
    ...overrides,
  };
}

export const BROWN = { hex: '#8b5a2b', share: 0.55 };
export const BLUE = { hex: '#1e3f9a', share: 0.6 };
export const WHITE = { hex: '#f7f7f5', share: 0.3 };
