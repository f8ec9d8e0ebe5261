import type { Api } from 'grammy';

type GrammySignal = NonNullable<Parameters<Api['getMe']>[0]>;

/**
 * grammY's Node build types its signals with the `abort-controller` polyfill, which the standard AbortSignal
 * does not match structurally; at runtime grammY accepts any object with addEventListener.
 */
export function grammySignal(signal: AbortSignal): GrammySignal;
export function grammySignal(signal: AbortSignal | undefined): GrammySignal | undefined;
export function grammySignal(signal: AbortSignal | undefined): GrammySignal | undefined {
  return signal as unknown as GrammySignal | undefined;
}
