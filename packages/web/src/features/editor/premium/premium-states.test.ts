import { describe, expect, it } from 'vitest';
import type { PremiumFeature } from '../../../api/platform-settings.ts';
import {
  objectReplacementState,
  plansPhrase,
  premiumStateOf,
  unavailableMessage,
  type PremiumAvailability,
} from './premium-states.ts';

const NEEDS_PROVIDER = 'Needs a generative image provider (GENERATIVE_API_URL).';

function availability(features: PremiumFeature[], replacement = true): PremiumAvailability {
  return {
    features,
    objectReplacement: replacement
      ? { available: true, unavailable_reason: null }
      : { available: false, unavailable_reason: NEEDS_PROVIDER },
  };
}

const installWithoutProvider = availability(
  [
    { name: 'background_removal', available: true, unavailable_reason: null, plans: ['Starter'] },
    {
      name: 'background_replacement',
      available: false,
      unavailable_reason: NEEDS_PROVIDER,
      plans: ['Growth'],
    },
  ],
  false,
);

describe('premiumStateOf', () => {
  it('makes a granted tool available', () => {
    expect(premiumStateOf('bgRemove', true, installWithoutProvider)).toEqual({
      kind: 'available',
    });
  });

  it('sends a tool this install can run but the plan lacks to the plans that include it', () => {
    expect(premiumStateOf('bgRemove', false, installWithoutProvider)).toEqual({
      kind: 'higher-plan',
      plans: ['Starter'],
    });
  });

  it('says what the server lacks for a tool it cannot run, whatever the plan', () => {
    expect(premiumStateOf('bgReplace', false, installWithoutProvider)).toEqual({
      kind: 'unavailable',
      reason: NEEDS_PROVIDER,
    });
  });

  it('keeps the paywall while what the install runs is not known', () => {
    expect(premiumStateOf('bgReplace', false, null)).toEqual({ kind: 'higher-plan', plans: [] });
  });
});

describe('objectReplacementState', () => {
  it('offers replacement only where the generative provider is configured', () => {
    expect(objectReplacementState(installWithoutProvider)).toEqual({
      kind: 'unavailable',
      reason: NEEDS_PROVIDER,
    });
    expect(objectReplacementState(availability([], true))).toEqual({ kind: 'available' });
    expect(objectReplacementState(null)).toEqual({ kind: 'available' });
  });
});

describe('the words', () => {
  it('names the setting the operator must configure', () => {
    expect(unavailableMessage(NEEDS_PROVIDER)).toBe(
      'Not available on this server. Needs a generative image provider (GENERATIVE_API_URL). The operator of this Darkroom install can configure it.',
    );
  });

  it('names one plan, or several with "or"', () => {
    expect(plansPhrase([])).toBeNull();
    expect(plansPhrase(['Growth'])).toBe('the Growth plan');
    expect(plansPhrase(['Starter', 'Pro', 'Growth'])).toBe('the Starter, Pro or Growth plan');
  });
});
