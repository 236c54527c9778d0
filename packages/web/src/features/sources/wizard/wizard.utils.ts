import {
  PROVIDER_CARDS,
  SOURCE_TYPE_LABELS,
  type ProviderCard,
  type SourceType,
  type StorageProvider,
} from '@darkroom/core';

// Spec platform section 4: Storage type, then Link storage, then Subdomain; each step is
// tracked as complete or not, and the last successfully validated configuration is remembered.

export const WIZARD_STEPS = [
  { step: 1, title: 'Storage type' },
  { step: 2, title: 'Link storage' },
  { step: 3, title: 'Subdomain' },
] as const;

export type WizardStep = (typeof WIZARD_STEPS)[number]['step'];
/** One of the nine provider cards of step 1. */
export type ProviderCardId = ProviderCard['id'];

/**
 * Spec section 1's managed storage option: offered under the provider cards, for customers
 * without storage of their own. It has no credentials; files are uploaded from the dashboard.
 */
export const MANAGED_STORAGE_ID = 'darkroom_storage';

/** What step 1 can choose: a provider card or managed storage. */
export type CardId = ProviderCardId | typeof MANAGED_STORAGE_ID;

/** A choice of step 1 with the source type it creates. */
export interface WizardCard {
  id: CardId;
  label: string;
  type: SourceType;
  storage_provider?: StorageProvider;
  /** The provider's documentation; managed storage has none to point at. */
  docsUrl: string | null;
}

const MANAGED_STORAGE_CARD: WizardCard = {
  id: MANAGED_STORAGE_ID,
  label: SOURCE_TYPE_LABELS.darkroom_storage,
  type: 'darkroom_storage',
  docsUrl: null,
};
export type StepState = 'previous' | 'current' | 'upcoming';

/** Spec section 9: below this width the wizard uses its mobile layout. */
export const WIZARD_MOBILE_BREAKPOINT_PX = 960;

export interface WizardState {
  step: WizardStep;
  completed: Readonly<Record<WizardStep, boolean>>;
  cardId: CardId | null;
  /** The configuration (as `configurationKey`) the server last accepted, or null. */
  lastValidated: string | null;
}

export type WizardAction =
  /** A card was picked; another card than before starts the later steps over. */
  | { type: 'chooseCard'; cardId: CardId }
  /** Okay on the switching prompt: a new type with a fresh form and no validation memory. */
  | { type: 'switchCard'; cardId: CardId }
  | { type: 'goToStep'; step: WizardStep }
  /** The server accepted this configuration (or none was needed): on to the subdomain. */
  | { type: 'configurationValidated'; key: string | null }
  /** The link-storage form changed: the step is complete only while it matches the validated one. */
  | { type: 'configurationEdited'; key: string }
  | { type: 'deployed' };

const NOTHING_COMPLETED: WizardState['completed'] = { 1: false, 2: false, 3: false };

export const initialWizardState: WizardState = {
  step: 1,
  completed: NOTHING_COMPLETED,
  cardId: null,
  lastValidated: null,
};

/** The wizard's transitions (pure; the page keeps the state with `useReducer`). */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'chooseCard':
      if (action.cardId === state.cardId) return state;
      return {
        ...initialWizardState,
        cardId: action.cardId,
        completed: { ...NOTHING_COMPLETED, 1: true },
      };
    case 'switchCard':
      return {
        ...initialWizardState,
        cardId: action.cardId,
        completed: { ...NOTHING_COMPLETED, 1: true },
      };
    case 'goToStep':
      return canGoToStep(state, action.step) ? { ...state, step: action.step } : state;
    case 'configurationValidated':
      if (!state.completed[1]) return state;
      return {
        ...state,
        step: 3,
        completed: { ...state.completed, 2: true },
        lastValidated: action.key ?? state.lastValidated,
      };
    case 'configurationEdited': {
      const matches = action.key === state.lastValidated;
      if (state.completed[2] === matches) return state;
      return { ...state, completed: { ...state.completed, 2: matches } };
    }
    case 'deployed':
      return { ...state, completed: { ...state.completed, 3: true } };
  }
}

/** Back is always allowed; forward only past completed steps. */
export function canGoToStep(state: WizardState, step: WizardStep): boolean {
  if (step <= state.step) return true;
  for (let earlier = 1; earlier < step; earlier += 1) {
    if (!state.completed[earlier as WizardStep]) return false;
  }
  return true;
}

/** How the progress bar marks a step. */
export function stepState(state: Pick<WizardState, 'step'>, step: WizardStep): StepState {
  if (step < state.step) return 'previous';
  if (step === state.step) return 'current';
  return 'upcoming';
}

/**
 * Spec section 4: Continue on the link step asks the server, except for webproxy (there is no
 * storage to reach) and when the configuration is the one the server last accepted. Managed
 * storage has neither fields nor a connection to check.
 */
export function needsServerValidation(state: WizardState, type: string, key: string): boolean {
  return type !== 'webproxy' && type !== 'darkroom_storage' && key !== state.lastValidated;
}

export function isProviderCardId(cardId: CardId): cardId is ProviderCardId {
  return cardId !== MANAGED_STORAGE_ID;
}

/** The choice with this id. */
export function cardFor(cardId: CardId): WizardCard {
  if (!isProviderCardId(cardId)) return MANAGED_STORAGE_CARD;
  const card = PROVIDER_CARDS.find((candidate) => candidate.id === cardId);
  if (!card) throw new Error(`Unknown provider card ${cardId}`);
  return card;
}
