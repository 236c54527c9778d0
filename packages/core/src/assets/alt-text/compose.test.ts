import { describe, expect, it } from 'vitest';
import { composeAltText, UnsupportedAltTextLanguageError } from './compose.ts';
import { BLUE, BROWN, WHITE, label, scene } from './test-scenes.ts';

const english = (overrides: Parameters<typeof scene>[0]) => composeAltText(scene(overrides), 'en');

describe('composeAltText in English', () => {
  it('names the subject on the background colour', () => {
    expect(english({ labels: [label('cat', 0.9)], colors: [BROWN] })).toBe(
      'Photo of a cat on a brown background',
    );
  });

  it('counts each class and lists people first when they are the main subject', () => {
    const labels = [label('person', 0.9, 300, 500), label('dog', 0.8), label('person', 0.85)];
    expect(english({ labels })).toBe('Photo of two people and a dog');
  });

  it('puts the most confident and largest object first', () => {
    const labels = [label('cup', 0.95, 20, 20), label('dog', 0.8, 500, 400)];
    expect(english({ labels })).toBe('Photo of a dog and a cup');
  });

  it('lets a certain object beat a doubtful one of the same size', () => {
    expect(english({ labels: [label('bird', 0.4), label('kite', 0.9)] })).toBe(
      'Photo of a kite and a bird',
    );
  });

  it('writes an before a vowel sound, including the colour', () => {
    const text = english({
      labels: [label('elephant', 0.9)],
      colors: [{ hex: '#ff8c00', share: 1 }],
    });
    expect(text).toBe('Photo of an elephant on an orange background');
  });

  it('uses irregular plurals and number words, then digits past ten', () => {
    const mice = Array.from({ length: 3 }, () => label('mouse', 0.9));
    const sheep = Array.from({ length: 12 }, () => label('sheep', 0.9, 10, 10));
    expect(english({ labels: [...mice, ...sheep] })).toBe(
      'Photo of three computer mice and 12 sheep',
    );
  });

  it('names at most three classes', () => {
    const labels = ['cat', 'dog', 'bird', 'horse'].map((name, index) =>
      label(name, 0.9 - index / 10),
    );
    expect(english({ labels })).toBe('Photo of a cat, a dog and a bird');
  });

  it('ignores doubtful detections and labels outside the COCO classes', () => {
    const labels = [label('cat', 0.2), label('unicorn', 0.99)];
    expect(english({ labels, colors: [BLUE] })).toBe('Photo in shades of blue');
  });

  it('describes a face when faces are all there is', () => {
    expect(english({ faceCount: 1 })).toBe("Photo of a person's face");
    expect(english({ faceCount: 2 })).toBe("Photo of two people's faces");
  });

  it('counts faces the object detector missed as people', () => {
    expect(english({ labels: [label('person', 0.9)], faceCount: 3 })).toBe('Photo of three people');
    expect(english({ labels: [label('cup', 0.9)], faceCount: 1 })).toBe(
      'Photo of a person and a cup',
    );
  });

  it('names the kind of media', () => {
    expect(english({ mediaKind: 'ANIMATION', labels: [label('dog', 0.9)] })).toBe(
      'Animated image of a dog',
    );
    expect(english({ mediaKind: 'VIDEO', labels: [label('dog', 0.9)] })).toBe('Video of a dog');
  });

  it('falls back to the two main colours when nothing is detected', () => {
    expect(english({ colors: [BLUE, WHITE] })).toBe('Photo in shades of blue and white');
  });

  it('skips accent colours and repeated names in the shades', () => {
    const colors = [BLUE, { hex: '#2a4fb0', share: 0.3 }, { hex: '#ff0000', share: 0.05 }];
    expect(english({ colors })).toBe('Photo in shades of blue');
  });

  it('says only the kind when it knows nothing', () => {
    expect(english({})).toBe('Photo');
  });

  it('prefers the colour measured around the subject for the background', () => {
    const text = english({
      labels: [label('cat', 0.9)],
      colors: [BROWN],
      backgroundColors: [WHITE],
    });
    expect(text).toBe('Photo of a cat on a white background');
  });

  it('names no background when none prevails around the subject', () => {
    const text = english({ labels: [label('cat', 0.9)], colors: [BROWN], backgroundColors: [] });
    expect(text).toBe('Photo of a cat');
  });

  it('leaves out the background when the subject fills the frame', () => {
    expect(english({ labels: [label('cat', 0.9, 800, 600)], colors: [BROWN] })).toBe(
      'Photo of a cat',
    );
  });

  it('accepts regional tags and refuses languages it has no words for', () => {
    expect(composeAltText(scene({ labels: [label('cat', 0.9)] }), 'en-GB')).toBe('Photo of a cat');
    expect(() => composeAltText(scene({}), 'ja')).toThrow(UnsupportedAltTextLanguageError);
  });
});
