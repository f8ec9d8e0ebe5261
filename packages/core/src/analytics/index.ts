export * from './analytics.ts';
export * from './analytics-session.ts';
export * from './browser.ts';
export * from './constants.ts';
export * from './cross-tab.ts';
export * from './event-fields.ts';
export * from './transport.ts';
export * from './user-agent.ts';
