import { describe, expect, it } from 'vitest';
import { editorPath, isEditingSplat, originPathOfEditingSplat } from './editor-path.ts';

describe('the editor address', () => {
  it('is the asset address with /editing at the end', () => {
    expect(editorPath('abc', '/pets/tom cat.jpg')).toBe('/assets/abc/pets/tom%20cat.jpg/editing');
  });

  it('is told apart from an asset page by its last segment', () => {
    expect(isEditingSplat('pets/cat.jpg/editing')).toBe(true);
    expect(isEditingSplat('pets/cat.jpg')).toBe(false);
    expect(isEditingSplat('editing')).toBe(false);
    expect(isEditingSplat('pets/editing.jpg')).toBe(false);
  });

  it('gives back the origin path it edits', () => {
    expect(originPathOfEditingSplat('pets/tom cat.jpg/editing')).toBe('/pets/tom cat.jpg');
  });
});
