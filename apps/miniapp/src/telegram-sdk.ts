import type { Launch } from './launch.ts';

/**
 * The Telegram SDK (theme, viewport, back button, and the mock used outside Telegram) is a chunk
 * of its own, fetched while the first screen renders and the sign-in request is on its way.
 * Telegram shows its loading placeholder until the Mini App reports ready (web_app_ready), which
 * initTelegramSdk does after binding the theme.
 */
type SdkModule = typeof import('./init.ts');

let sdk: Promise<SdkModule> | undefined;
/** Whether the SDK started: false when its chunk failed to load or it refused the environment (UnknownEnvError). */
let started: Promise<boolean> | undefined;

function loadSdk(): Promise<SdkModule> {
  sdk ??= import('./init.ts');
  return sdk;
}

/** Outside Telegram: makes the SDK believe it runs in Telegram with these init data. */
export async function mockTelegramEnvironment(initDataRaw: string, startParam: string | null): Promise<void> {
  (await loadSdk()).mockTelegramEnvironment(initDataRaw, startParam);
}

/**
 * Starts the SDK once for a Telegram launch. A chunk that fails to load, or a page opened with init data
 * but no Telegram client around it (the SDK's UnknownEnvError), leaves the app usable, untinted and without
 * Telegram's buttons.
 */
export function startTelegramSdk(launch: Launch, options: { debug: boolean }): Promise<void> {
  if (launch.kind !== 'telegram') return Promise.resolve();
  started ??= loadSdk()
    .then(async (module) => {
      await module.initTelegramSdk(options);
      return true;
    })
    .catch((error: unknown) => {
      console.error('Could not start the Telegram SDK', error);
      return false;
    });
  return started.then(() => undefined);
}

/** Telegram's requestWriteAccess once the SDK has started: its status, or null where it cannot ask. */
export async function requestBotWriteAccess(): Promise<string | null> {
  if (!(await started)) return null;
  return (await loadSdk()).requestBotWriteAccess();
}

/**
 * Resolves once the SDK has started, rejects when it could not start (what waits for it then does without
 * Telegram's controls), and never settles when no Telegram launch started it.
 */
export async function telegramSdkStarted(): Promise<void> {
  if (!started) return new Promise(() => {});
  if (!(await started)) throw new Error('The Telegram SDK did not start');
}

/** Telegram's payment sheet for an invoice link (the SDK's invoice.open): its status when it closes. */
export async function openTelegramInvoice(link: string): Promise<string> {
  if (!(await started)) return 'failed';
  return (await loadSdk()).openInvoice(link);
}

/** The dev mock's payment sheet may pay this sandbox invoice (see init.ts `showSandboxSheet`). */
export async function registerSandboxInvoice(
  slug: string,
  entry: import('./init.ts').SandboxInvoice,
): Promise<void> {
  (await loadSdk()).registerSandboxInvoice(slug, entry);
}
