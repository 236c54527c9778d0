export * from './devices.ts';
export * from './metrics.ts';
export * from './series.ts';
export * from './usage-sums.ts';
