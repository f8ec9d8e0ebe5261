export * from './api-client.ts';
export * from './api-error.ts';
export * from './event-stream.ts';
export * from './messages.ts';
export * from './paths.ts';
export * from './yield-to-main.ts';
