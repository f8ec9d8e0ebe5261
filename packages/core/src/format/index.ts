export * from './date.ts';
export * from './money.ts';
export * from './number.ts';
export * from './text.ts';
export * from './viewport.ts';
