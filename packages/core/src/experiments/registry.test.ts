import { describe, expect, it } from 'vitest';
import {
  EXPERIMENTS,
  EXPERIMENT_KEYS,
  controlVariant,
  isExperimentKey,
  knownVariant,
  variantFor,
} from './registry.ts';

function userIds(count: number): string[] {
  return Array.from({ length: count }, (_, index) => index.toString(16).padStart(24, '0'));
}

describe('experiments registry', () => {
  it('gives every experiment a description, a conversion event and at least two distinct variants', () => {
    for (const key of EXPERIMENT_KEYS) {
      const experiment = EXPERIMENTS[key];
      expect(experiment.description.length).toBeGreaterThan(0);
      expect(experiment.conversionEvent.length).toBeGreaterThan(0);
      expect(new Set(experiment.variants).size).toBe(experiment.variants.length);
      expect(experiment.variants.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('treats the first variant as the control', () => {
    expect(controlVariant('wizard-first-step')).toBe('storage-first');
  });

  it('knows only its own keys, not Object.prototype names', () => {
    expect(isExperimentKey('wizard-first-step')).toBe(true);
    expect(isExperimentKey('constructor')).toBe(false);
    expect(isExperimentKey('nope')).toBe(false);
  });

  it('assigns the same variant to the same user every time', () => {
    for (const userId of userIds(20)) {
      expect(variantFor('wizard-first-step', userId)).toBe(variantFor('wizard-first-step', userId));
    }
  });

  it('spreads users over every variant', () => {
    const counts = new Map<string, number>();
    for (const userId of userIds(1000)) {
      const variant = variantFor('wizard-first-step', userId);
      counts.set(variant, (counts.get(variant) ?? 0) + 1);
    }
    for (const variant of EXPERIMENTS['wizard-first-step'].variants) {
      // Far from an even split would mean the hash ignores most of the id.
      expect(counts.get(variant) ?? 0).toBeGreaterThan(350);
    }
  });

  it('falls back to the control for a variant no longer in the registry', () => {
    expect(knownVariant('wizard-first-step', 'outcome-first')).toBe('outcome-first');
    expect(knownVariant('wizard-first-step', 'retired-wording')).toBe('storage-first');
  });
});
