import type { Api, Bot, Context } from 'grammy';
import type { BotLogger } from './logger.ts';

/** Work to do once Telegram is reachable (command list, menu button); registered by createBot, run by startBot. */
export type StartupTask = (api: Api, logger: BotLogger, signal: AbortSignal) => Promise<void>;

// biome-ignore lint/suspicious/noExplicitAny: keyed by any bot, whatever its context type
const tasksByBot = new WeakMap<Bot<any>, StartupTask[]>();

export function registerStartupTask<C extends Context>(bot: Bot<C>, task: StartupTask): void {
  const tasks = tasksByBot.get(bot) ?? [];
  tasks.push(task);
  tasksByBot.set(bot, tasks);
}

export async function runStartupTasks<C extends Context>(
  bot: Bot<C>,
  logger: BotLogger,
  signal: AbortSignal,
): Promise<void> {
  for (const task of tasksByBot.get(bot) ?? []) {
    await task(bot.api, logger, signal);
  }
}
