// The source domain (docs/ARCHITECTURE.md, 'packages/core', `sources/`): types and labels,
// presets, credential fields, the validation rules of spec platform section 5 and the error
// catalogue and mapping of section 8.
export * from './types.ts';
export * from './presets.ts';
export * from './credential-fields.ts';
export * from './messages.ts';
export * from './base-schemas.ts';
export * from './rules.ts';
export * from './azure-sas.ts';
export * from './endpoints.ts';
export * from './ip-address.ts';
export * from './web-addresses.ts';
export * from './configuration.ts';
export * from './field-paths.ts';
export * from './error-mapping.ts';
export * from './subdomain.ts';
export * from './resource.ts';
export * from './origin-auth.ts';
export * from './upload-credentials.ts';
