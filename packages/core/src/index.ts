export * from './jsonapi/document.ts';
export * from './jsonapi/error-codes.ts';
export * from './jsonapi/pagination.ts';
export * from './names/names.ts';
export * from './accounts/schemas.ts';
export * from './accounts/permissions.ts';
export * from './accounts/one-time-links.ts';
export * from './accounts/audit-actions.ts';
export type * from './accounts/resources.ts';
export type * from './assets/resources.ts';
export * from './units/time.ts';
export * from './units/bytes.ts';
export type * from './geometry/types.ts';
export * from './analytics/index.ts';
export * from './billing/index.ts';
export * from './url/md5.ts';
export * from './url/signing.ts';
export * from './sources/index.ts';
export * from './capabilities/index.ts';
export * from './experiments/index.ts';
export type * from './params/types.ts';
export { parseParams, PARAM_MESSAGES, type ParseParamsOptions } from './params/parse.ts';
export { languageCode, threeLetterLanguageCode } from './params/language-codes.ts';
export {
  INDEXED_PARAMETERS,
  MAX_PARAMETER_INDEX,
  indexOfName,
  indexedName,
} from './params/indexed-names.ts';
export {
  CATALOGUE,
  MAX_SUBTITLE_TRANSLATIONS,
  PARAMETER_NAMES,
  canonicalName,
  expectationsOf,
  parameterSpec,
  type Catalogue,
  type Expectation,
  type ParameterSpec,
} from './params/catalogue.ts';
export { ADDED_PARAMETERS, ADDED_VALUES, APPEND_GAP_MAX } from './params/catalogue-additions.ts';
export {
  FADE_SIDES,
  GRADIENT_HUE_METHODS,
  GRADIENT_MODES,
  GRADIENT_SPACES,
  gradientFamilyNames,
  type GradientLayer,
} from './params/gradient-overlay-catalogue.ts';
export * from './assets/alt-text/index.ts';
