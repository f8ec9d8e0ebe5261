import type { Launch } from './launch.ts';

/**
 * The Telegram SDK (theme, viewport, back button, and the mock used outside Telegram) is a chunk
 * of its own, fetched while the first screen renders and the sign-in request is on its way.
 * Telegram shows its loading placeholder until the Mini App reports ready (web_app_ready), which
 * initTelegramSdk does after binding the theme.
 */
type SdkModule = typeof import('./init.ts');

let sdk: Promise<SdkModule> | undefined;
let started: Promise<void> | undefined;

function loadSdk(): Promise<SdkModule> {
  sdk ??= import('./init.ts');
  return sdk;
}

/** Outside Telegram: makes the SDK believe it runs in Telegram with these init data. */
export async function mockTelegramEnvironment(initDataRaw: string, startParam: string | null): Promise<void> {
  (await loadSdk()).mockTelegramEnvironment(initDataRaw, startParam);
}

/** Starts the SDK once for a Telegram launch; a chunk that fails to load leaves the app usable, untinted. */
export function startTelegramSdk(launch: Launch, options: { debug: boolean }): Promise<void> {
  if (launch.kind !== 'telegram') return Promise.resolve();
  started ??= loadSdk()
    .then((module) => module.initTelegramSdk(options))
    .catch((error: unknown) => console.error('Could not start the Telegram SDK', error));
  return started;
}

/** Telegram's requestWriteAccess once the SDK has started: its status, or null where it cannot ask. */
export async function requestBotWriteAccess(): Promise<string | null> {
  if (!started) return null;
  await started;
  return (await loadSdk()).requestBotWriteAccess();
}

/** Resolves once the SDK has started or failed to (never, when no Telegram launch started it). */
export function telegramSdkStarted(): Promise<void> {
  return started ?? new Promise(() => {});
}

/** Telegram's payment sheet for an invoice link (the SDK's invoice.open): its status when it closes. */
export async function openTelegramInvoice(link: string): Promise<string> {
  if (!started) return 'failed';
  await started;
  return (await loadSdk()).openInvoice(link);
}

/** The dev mock's payment sheet may pay this sandbox invoice (see init.ts `showSandboxSheet`). */
export async function registerSandboxInvoice(
  slug: string,
  entry: import('./init.ts').SandboxInvoice,
): Promise<void> {
  (await loadSdk()).registerSandboxInvoice(slug, entry);
}
