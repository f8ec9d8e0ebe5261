import { yieldToMain } from '@khel/core/client';
import {
  backButton,
  emitEvent,
  init as initSdk,
  invoice,
  miniApp,
  mockTelegramEnv,
  requestWriteAccess,
  setDebug,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import { DEV_THEME_PARAMS, themeCssVar } from './theme.ts';

/**
 * Starts the Telegram SDK and mounts what the app uses (DESIGN §11, reactjs-template style):
 * the Mini App, theme params bound onto Khel's CSS variables, the viewport (its height, safe area
 * and content safe area as `--tg-viewport-*` variables, which tma.css pads the page with) and the
 * back button. Each step is skipped where the client lacks it. The other controls (settings,
 * main and secondary buttons, closing confirmation, fullscreen) are mounted by what drives them.
 * The SDK checks every call's arguments and state: on a low-end phone the whole start was one task of
 * about 30 ms, so it yields to the browser between steps (issue 25); the first throws (UnknownEnvError
 * outside a Telegram client), so nothing after it runs then.
 */
export async function initTelegramSdk(options: { debug: boolean }): Promise<void> {
  setDebug(options.debug);
  initSdk();
  await yieldToMain();

  backButton.mount.ifAvailable();
  backButton.hide.ifAvailable();
  await yieldToMain();

  miniApp.mountSync.ifAvailable();
  themeParams.mountSync.ifAvailable();
  if (themeParams.isMounted()) {
    themeParams.bindCssVars.ifAvailable(themeCssVar);
    const applyScheme = () => {
      const scheme = themeParams.isDark() ? 'dark' : 'light';
      document.documentElement.style.colorScheme = scheme;
      // tma.css adjusts the colours Telegram's palette has no entry for (success green) to the scheme.
      document.documentElement.dataset.scheme = scheme;
    };
    applyScheme();
    themeParams.isDark.sub(applyScheme);
  }
  await yieldToMain();
  if (miniApp.isMounted()) {
    miniApp.bindCssVars.ifAvailable();
    // Telegram's title bar and the bar under the app (MainButton) in the page's colours: one surface.
    miniApp.setHeaderColor.ifAvailable('bg_color');
    miniApp.setBottomBarColor.ifAvailable('secondary_bg_color');
  }
  await yieldToMain();

  if (viewport.mount.isAvailable()) {
    viewport
      .mount()
      .then(() => {
        viewport.bindCssVars.ifAvailable();
        if (!viewport.isExpanded()) viewport.expand.ifAvailable();
      })
      .catch((error: unknown) => console.error('Could not mount the Telegram viewport', error));
  }

  miniApp.ready.ifAvailable();
}

/** Telegram's payment sheet for an invoice link (openInvoice): its status when it closes; 'failed' where it cannot open. */
export async function openInvoice(link: string): Promise<string> {
  if (!invoice.open.isAvailable()) return 'failed';
  return invoice.open(link, 'url');
}

/** The sandbox's invoices the dev mock's payment sheet may pay, by slug (registered before openInvoice). */
export interface SandboxInvoice {
  stars: number;
  title: string;
  texts: { title: string; text: string; pay: string; cancel: string };
  pay(outcome: 'paid' | 'cancelled'): Promise<string>;
}
const sandboxInvoices = new Map<string, SandboxInvoice>();

export function registerSandboxInvoice(slug: string, entry: SandboxInvoice): void {
  sandboxInvoices.set(slug, entry);
}

/**
 * The dev mock's stand-in for Telegram's payment sheet (no bot token: the API's sandbox invoices): the title, the
 * price, Pay and Cancel; Pay goes through the API's dev route (pre-checkout, then the successful payment), and the
 * sheet closes with Telegram's `invoice_closed` and the status.
 */
function showSandboxSheet(slug: string): void {
  const entry = sandboxInvoices.get(slug);
  const close = (status: string) => {
    sheet.remove();
    sandboxInvoices.delete(slug);
    emitEvent('invoice_closed', { slug, status: status as 'paid' });
  };
  const sheet = document.createElement('div');
  sheet.className = 'sandbox-invoice';
  sheet.setAttribute('role', 'dialog');
  sheet.setAttribute('aria-modal', 'true');
  if (!entry) {
    setTimeout(() => emitEvent('invoice_closed', { slug, status: 'failed' }), 0);
    return;
  }
  const panel = document.createElement('div');
  panel.className = 'sandbox-invoice__panel card card--raised';
  const heading = document.createElement('h2');
  heading.className = 'section-title';
  heading.textContent = entry.texts.title;
  const what = document.createElement('p');
  what.textContent = `${entry.title} · ${entry.stars} ⭐`;
  const hint = document.createElement('p');
  hint.className = 'field__hint';
  hint.textContent = entry.texts.text;
  const pay = document.createElement('button');
  pay.type = 'button';
  pay.className = 'button button--primary button--block';
  pay.textContent = entry.texts.pay;
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.className = 'button button--secondary button--block';
  cancel.textContent = entry.texts.cancel;
  pay.onclick = () => {
    pay.disabled = true;
    cancel.disabled = true;
    entry.pay('paid').then(close, () => close('failed'));
  };
  cancel.onclick = () => {
    pay.disabled = true;
    entry.pay('cancelled').then(
      () => close('cancelled'),
      () => close('cancelled'),
    );
  };
  panel.append(heading, what, hint, pay, cancel);
  sheet.append(panel);
  document.body.append(sheet);
}

/** Telegram's popup asking to let the bot message the user: its status, or null where the client lacks it. */
export async function requestBotWriteAccess(): Promise<string | null> {
  if (!requestWriteAccess.isAvailable()) return null;
  return requestWriteAccess();
}

/**
 * Outside Telegram (development, sandbox, end-to-end tests): makes the SDK believe it runs in
 * Telegram with init data the API signed for its development bot, and answers the requests a
 * Telegram client would answer.
 */
export function mockTelegramEnvironment(initDataRaw: string, startParam: string | null): void {
  const insets = { top: 0, bottom: 0, left: 0, right: 0 };
  mockTelegramEnv({
    launchParams: {
      tgWebAppData: initDataRaw,
      tgWebAppThemeParams: DEV_THEME_PARAMS,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'tdesktop',
      ...(startParam ? { tgWebAppStartParam: startParam } : {}),
    },
    onEvent(event) {
      const [method] = event;
      if (method === 'web_app_request_theme') {
        emitEvent('theme_changed', { theme_params: DEV_THEME_PARAMS });
      } else if (method === 'web_app_request_viewport') {
        emitEvent('viewport_changed', {
          height: window.innerHeight,
          width: window.innerWidth,
          is_expanded: true,
          is_state_stable: true,
        });
      } else if (method === 'web_app_request_safe_area') {
        emitEvent('safe_area_changed', insets);
      } else if (method === 'web_app_request_content_safe_area') {
        emitEvent('content_safe_area_changed', insets);
      } else if (method === 'web_app_request_fullscreen') {
        emitEvent('fullscreen_changed', { is_fullscreen: true });
      } else if (method === 'web_app_exit_fullscreen') {
        emitEvent('fullscreen_changed', { is_fullscreen: false });
      } else if (method === 'web_app_open_invoice') {
        showSandboxSheet((event[1] as { slug: string }).slug);
      }
      // Other methods (show the back button, ready, …) have no Telegram to reach: dropped.
    },
  });
}
