export * from './date.ts';
export * from './display.ts';
export * from './language.ts';
export * from './money.ts';
export * from './name.ts';
export * from './number.ts';
export * from './text.ts';
export * from './viewport.ts';
