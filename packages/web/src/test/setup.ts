import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearSession } from '../app/session.ts';

// The whole suite runs in parallel jsdom workers; a loaded machine needs more than the 1 s default
// before an awaited screen change counts as missing.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Each test starts signed out, with the real fetch back in place.
  clearSession();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
