// Everything except the country list, which is large and loaded lazily from '@khel/core/countries'.
export * from './analytics/index.ts';
export * from './client/index.ts';
export * from './contract/index.ts';
export * from './domain/index.ts';
export * from './session/index.ts';
export * from './validation/index.ts';
