// Premium capabilities (editor spec section 3, platform spec sections 3 and 6): the names, the
// account-or-source rule, and which rendering parameters need which capability.
export * from './names.ts';
export * from './effective.ts';
export * from './requirements.ts';
