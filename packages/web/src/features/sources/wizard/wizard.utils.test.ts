import { describe, expect, it } from 'vitest';
import {
  canGoToStep,
  cardFor,
  initialWizardState,
  needsServerValidation,
  stepState,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard.utils.ts';

function run(...actions: WizardAction[]): WizardState {
  return actions.reduce(wizardReducer, initialWizardState);
}

describe('wizardReducer', () => {
  it('starts on step 1 with nothing chosen or completed', () => {
    expect(initialWizardState).toEqual({
      step: 1,
      completed: { 1: false, 2: false, 3: false },
      cardId: null,
      lastValidated: null,
    });
  });

  it('completes step 1 when a card is chosen and moves on only then', () => {
    expect(run({ type: 'goToStep', step: 2 }).step).toBe(1);
    const chosen = run({ type: 'chooseCard', cardId: 's3' }, { type: 'goToStep', step: 2 });
    expect(chosen).toMatchObject({ step: 2, cardId: 's3', completed: { 1: true, 2: false } });
  });

  it('remembers the validated configuration and goes to the subdomain step', () => {
    const state = run(
      { type: 'chooseCard', cardId: 's3' },
      { type: 'goToStep', step: 2 },
      { type: 'configurationValidated', key: 'k1' },
    );
    expect(state).toMatchObject({ step: 3, completed: { 2: true }, lastValidated: 'k1' });
  });

  it('marks the link step incomplete while the form differs from the validated configuration', () => {
    const validated = run(
      { type: 'chooseCard', cardId: 's3' },
      { type: 'configurationValidated', key: 'k1' },
      { type: 'goToStep', step: 2 },
    );
    const edited = wizardReducer(validated, { type: 'configurationEdited', key: 'k2' });
    expect(edited.completed[2]).toBe(false);
    expect(canGoToStep(edited, 3)).toBe(false);
    expect(wizardReducer(edited, { type: 'configurationEdited', key: 'k1' }).completed[2]).toBe(
      true,
    );
  });

  it('keeps everything when the same card is chosen again, and starts over for another', () => {
    const validated = run(
      { type: 'chooseCard', cardId: 's3' },
      { type: 'configurationValidated', key: 'k1' },
    );
    expect(wizardReducer(validated, { type: 'chooseCard', cardId: 's3' })).toBe(validated);
    expect(wizardReducer(validated, { type: 'switchCard', cardId: 'gcs' })).toEqual({
      step: 1,
      completed: { 1: true, 2: false, 3: false },
      cardId: 'gcs',
      lastValidated: null,
    });
  });

  it('goes back freely and records the deployment', () => {
    const state = run(
      { type: 'chooseCard', cardId: 'webproxy' },
      { type: 'configurationValidated', key: null },
      { type: 'goToStep', step: 1 },
    );
    expect(state.step).toBe(1);
    expect(canGoToStep(state, 3)).toBe(true);
    expect(wizardReducer(state, { type: 'deployed' }).completed[3]).toBe(true);
  });
});

describe('stepState', () => {
  it('marks steps before, at and after the current one', () => {
    expect([1, 2, 3].map((step) => stepState({ step: 2 }, step as 1 | 2 | 3))).toEqual([
      'previous',
      'current',
      'upcoming',
    ]);
  });
});

describe('needsServerValidation', () => {
  it('skips web proxies, managed storage and configurations the server already accepted', () => {
    const state = run(
      { type: 'chooseCard', cardId: 's3' },
      { type: 'configurationValidated', key: 'k1' },
    );
    expect(needsServerValidation(state, 's3', 'k2')).toBe(true);
    expect(needsServerValidation(state, 's3', 'k1')).toBe(false);
    expect(needsServerValidation(initialWizardState, 'webproxy', 'k3')).toBe(false);
    expect(needsServerValidation(initialWizardState, 'darkroom_storage', 'k4')).toBe(false);
  });
});

describe('cardFor', () => {
  it('finds a provider card by id', () => {
    expect(cardFor('r2')).toMatchObject({ type: 's3_compatible', storage_provider: 'r2' });
  });

  it('describes managed storage, which has no provider documentation', () => {
    expect(cardFor('darkroom_storage')).toEqual({
      id: 'darkroom_storage',
      label: 'Darkroom Storage',
      type: 'darkroom_storage',
      docsUrl: null,
    });
  });
});
