/** The small logging surface the bot needs; `console` satisfies it, so do most structured loggers' adapters. */
export interface BotLogger {
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

export const consoleLogger: BotLogger = {
  info: (message, details) => (details ? console.info(message, details) : console.info(message)),
  warn: (message, details) => (details ? console.warn(message, details) : console.warn(message)),
  error: (message, details) => (details ? console.error(message, details) : console.error(message)),
};

/** A short, loggable description of an error from grammY, fetch or anything else. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const causeText = cause instanceof Error ? ` (${cause.message})` : '';
    return `${error.message}${causeText}`;
  }
  return String(error);
}
