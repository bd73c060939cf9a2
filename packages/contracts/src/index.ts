export * from './common.ts';
export * from './platform.ts';
