// The pure lottery domain: game rules, entry validation, systems, scoring, quickpick, simulated results and the
// spec's draw and jackpot labels. No I/O; depends only on @shop/contracts.
export * from './labels.ts';
export * from './types.ts';
export * from './errors.ts';
export * from './games.ts';
export * from './combinatorics.ts';
export * from './random.ts';
export * from './systems.ts';
export * from './validation.ts';
export * from './scoring.ts';
export * from './fast-scoring.ts';
export * from './simulate.ts';
export * from './prizes.ts';
export * from './shares.ts';
