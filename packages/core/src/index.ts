export * from './contract/index.ts';
export * from './domain/deep-links.ts';
export * from './validation/phone.ts';
