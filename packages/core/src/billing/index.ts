export * from './credits.ts';
export * from './plans.ts';
