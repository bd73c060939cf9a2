export * from './common.ts';
export * from './platform.ts';
export * from './money.ts';
export * from './content.ts';
export * from './messages.ts';
