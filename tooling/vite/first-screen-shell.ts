/**
 * The first screen painted before the scripts run (issue 9). On a slow phone most of the time to the
 * largest paint went into downloading and evaluating the app's scripts; the HTML and the style sheet
 * arrive long before. This plugin writes into the built `index.html` the static markup of the screen
 * the address opens (the sign-in form, the signed-in home), with the app's own CSS classes and texts
 * in each language we ship, and a small inline script that shows the one for this address and reader:
 *
 * - the language as the app will pick it (the saved choice, then Telegram's when `telegram` is set,
 *   then the browser's), so a Hindi or Portuguese reader never sees English first;
 * - only when the app will show that screen: `signedIn` routes when a session token is stored,
 *   `signedOut` ones when none is, `telegram` ones when the address carries Telegram launch data and
 *   no start parameter (in the init data, the hash or the query: it opens another screen); never
 *   with display flags in the query or in a frame on the website (the page drops its header or footer);
 * - inert (nothing in it reacts before the app does), next to `#root`, which stays hidden until React
 *   has rendered something there other than a page holding only the loading state (the lazy screen's
 *   fallback, the Mini App's "Signing in…"); then the markup goes and the app's own, which looks the
 *   same, is shown in the same frame (a MutationObserver callback, so no frame shows both or neither).
 *
 * Where a copy is shown, the app's scripts start once it has been painted: the entry module, its
 * modulepreload links and the other scripts of `<head>` wait in a `<template>` (which the browser
 * neither runs nor fetches) until the first contentful paint is reported (or two frames have passed
 * where that is not reported, or FIRST_PAINT_WAIT_MS at most). A slow phone would otherwise spend
 * its first second evaluating those scripts before painting anything, and Lighthouse's simulation
 * counts every script that finished downloading before the paint as needed for it (issue 9). The
 * scripts start one frame later than they would from `<head>`; where no copy is shown they start at
 * once, from `<head>`.
 */

import {
  APP_TABS,
  MINI_APP_SHORTCUTS,
  MINI_APP_TABS,
  TAB_ICON_PATHS,
  type TabIcon,
} from '../../packages/ui/src/components/app-tabs.ts';

/** A language's texts: the app's resources (`packages/ui/src/i18n/resources/*.ts`). */
export interface Texts {
  [key: string]: string | Texts;
}

export type ShellCondition = 'signedIn' | 'signedOut' | 'telegram';

export interface ShellPage {
  /** When the app opens this screen at that address (see above). */
  when: ShellCondition;
  render: (t: (key: string) => string, context: ShellContext) => string;
}

export interface ShellContext {
  language: string;
  /** Language code → its name in its own script (the language picker's options). */
  languages: readonly { code: string; nativeName: string }[];
}

export interface FirstScreenShellOptions {
  /**
   * Address (with the app's base) → the screen shown there. `'*'` (with `when: 'telegram'`): every other
   * address of a Telegram launch, and every address of one with a start parameter (the Mini App's
   * frame with a skeleton, whatever screen opens).
   */
  routes: Record<string, ShellPage>;
  /** Language code → its texts; the first is the default. */
  texts: Record<string, Texts>;
  languages: readonly { code: string; nativeName: string }[];
  /** Where the language choice is saved (localStorage key, prefix included). */
  languageStorageKey: string;
  /** Where the session's access token is stored (localStorage key, prefix included). */
  accessTokenKey: string;
}

// The parts of Vite's plugin API used here, written out as in first-screen-preload.ts.
interface AssetLike {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
interface HtmlContext {
  bundle?: Record<string, { type: 'chunk' } | AssetLike>;
}

export interface FirstScreenShellPlugin {
  name: string;
  apply: 'build';
  transformIndexHtml: { order: 'post'; handler(html: string, ctx: HtmlContext): string };
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text or attribute value, escaped for HTML. */
export const esc = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** `t` over one language's texts, as i18next reads them (a missing key is an error at build time). */
export function translator(texts: Texts): (key: string) => string {
  return (key) => {
    let node: string | Texts | undefined = texts;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`first-screen-shell: no text at ${key}`);
    return node;
  };
}

/**
 * The language chosen in the inline script: the saved one, else for a Telegram launch Telegram's
 * `language_code` alone (`tg`, null when the user has none), else the browser's; else the first.
 */
const PICK_LANGUAGE = `function(k,L,tg){var l;try{l=localStorage.getItem(k)}catch(e){}if(L.indexOf(l)>=0)return l;var n=tg!==void 0?[tg]:navigator.languages||[navigator.language];for(var i=0;i<n.length;i++){var t=String(n[i]).toLowerCase().split(/[-_]/)[0],m=t==='hi'?'hi':t==='pt'?'pt-BR':t==='en'?'en':null;if(m&&L.indexOf(m)>=0)return m}return L[0]}`;

/** JSON for an inline script: no `</script>` (or any `<`) can end it early. */
const json = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * The app's style sheets written into `index.html`: a linked sheet holds back the first paint by a
 * round trip, and the browser runs the module scripts that arrived meanwhile before it paints, so the
 * markup would wait for the scripts it is there to precede. (About 4 KB brotli, sent with each page.)
 */
function inlineStyleSheets(html: string, ctx: HtmlContext): string {
  const assets = new Map(
    Object.values(ctx.bundle ?? {})
      .filter((a): a is AssetLike => a.type === 'asset')
      .map((a) => [a.fileName, a.source]),
  );
  return html.replace(
    /<link rel="stylesheet"[^>]*href="[^"]*?\/(assets\/[^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const source = assets.get(file);
      if (source === undefined) return tag;
      const css = typeof source === 'string' ? source : new TextDecoder().decode(source);
      if (/<\/style/i.test(css)) return tag;
      // The link stays, disabled (never fetched nor applied): Vite's loader looks for a sheet's
      // `<link rel=stylesheet>` before it loads a lazy chunk, and without one it fetched this sheet again
      // with the first lazy screen (31 KB) and applied it after the app's own overrides (the Mini App's
      // tma.css), undoing them.
      return `<style>${css}</style>${tag.replace(/\s*\/?>$/, ' disabled>')}`;
    },
  );
}

/** Where the held-back scripts wait (a `<template>`: the browser neither runs nor fetches what is in it). */
export const SCRIPTS_TEMPLATE_ID = 'first-screen-scripts';
/** Set by the `<head>` script: `[language, load, route]` when a copy is shown (route: its key in `routes`), else null. */
const SHELL_GLOBAL = '__khelFirstScreen';

/**
 * Moves the scripts of `<head>` (the entry module, its modulepreload links, inline scripts such as
 * first-screen-preload's) into a `<template>`, in their order, for the loader to start: at once where no
 * copy is shown, after the copy's first paint where one is.
 */
export function holdBackScripts(html: string): { html: string; found: boolean } {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html);
  if (!head?.[1]) return { html, found: false };
  const tags: string[] = [];
  const rest = head[1].replace(
    /[ \t]*(?:<script\b[^>]*>[\s\S]*?<\/script>|<link rel="modulepreload"[^>]*>)\n?/g,
    (tag) => {
      tags.push(tag.trim());
      return tags.length === 1 ? '\u0000' : '';
    },
  );
  const found = tags.some((tag) => /^<script\b[^>]*type="module"[^>]*src=/.test(tag));
  const template = `    <template id="${SCRIPTS_TEMPLATE_ID}">${tags.join('')}</template>\n`;
  return { html: html.replace(head[1], () => rest.replace('\u0000', () => template)), found };
}

export function firstScreenShell(options: FirstScreenShellOptions): FirstScreenShellPlugin {
  return {
    name: 'khel-first-screen-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        html = inlineStyleSheets(html, ctx);
        const languages = Object.keys(options.texts);
        const routes: Record<string, [ShellCondition, Record<string, string>]> = {};
        // Shown if the app has not taken over after STALLED_AFTER_MS (its scripts failed to load):
        // the copy above it is inert, so the reader is told and offered a reload.
        const stalled: Record<string, string> = {};
        for (const language of languages) {
          const texts = options.texts[language];
          if (texts) stalled[language] = stalledNotice(translator(texts));
        }
        for (const [address, page] of Object.entries(options.routes)) {
          const byLanguage: Record<string, string> = {};
          for (const language of languages) {
            const texts = options.texts[language];
            if (!texts) continue;
            byLanguage[language] = page.render(translator(texts), { language, languages: options.languages });
          }
          routes[address.replace(/\/+$/, '') || '/'] = [page.when, byLanguage];
        }
        const when: Record<string, ShellCondition> = {};
        const markup: Record<string, Record<string, string>> = {};
        for (const [address, [condition, byLanguage]] of Object.entries(routes)) {
          when[address] = condition;
          markup[address] = byLanguage;
        }
        const { html: withTemplate, found } = holdBackScripts(html);
        if (!found) throw new Error('first-screen-shell: index.html loads no module script');
        html = withTemplate;
        // In <head>: which copy this address and reader get (if any), and the loader of the held-back
        // scripts, run at once when no copy is shown.
        const decide = `(function(W,k,a,L,pick,T){function load(){var t=document.getElementById(T);if(!t)return;t.parentNode.removeChild(t);var n=t.content.children;for(var i=0;i<n.length;i++){var e=n[i],c=document.createElement(e.tagName);for(var j=0;j<e.attributes.length;j++)c.setAttribute(e.attributes[j].name,e.attributes[j].value);if(e.tagName==='SCRIPT')c.text=e.text;document.head.appendChild(c)}}var K=location.pathname.replace(/\\/+$/,'')||'/',l=(function(){var w=W[K],h=new URLSearchParams(location.hash.slice(1)),d=h.get('tgWebAppData'),tg,signed;if(!w&&!(W['*']&&d))return null;try{signed=localStorage.getItem(a)!==null}catch(e){signed=false}if(!w||w==='telegram'){if(!d)return null;var p=new URLSearchParams(d);if(!w||p.get('start_param')||h.get('tgWebAppStartParam')||/[?&](tgWebAppStartParam|startapp)=/.test(location.search)){if(!W['*'])return null;K='*'}tg=null;try{tg=JSON.parse(p.get('user')).language_code||null}catch(e){}}else{if(/[?&](header|footer)=/i.test(location.search))return null;try{if(window.self!==window.top)return null}catch(e){return null}if(signed!==(w==='signedIn'))return null}return pick(k,L,tg)})();window.${SHELL_GLOBAL}=l?[l,load,K]:null;if(!l||document.visibilityState==='hidden')load()})(${json(when)},${JSON.stringify(options.languageStorageKey)},${JSON.stringify(options.accessTokenKey)},${JSON.stringify(languages)},${PICK_LANGUAGE},${JSON.stringify(SCRIPTS_TEMPLATE_ID)})`;
        // In <body>: the copy, then the app's scripts once that copy has been painted.
        const show = `(function(R,X){var f=window.${SHELL_GLOBAL};if(!f)return;var l=f[0],load=f[1];try{var r=R[f[2]],s=document.getElementById('first-screen'),root=document.getElementById('root');if(!r||!r[l]||!s||!root)return load();document.documentElement.lang=l;s.innerHTML=r[l];root.hidden=true;var o=new MutationObserver(function(){var m=root.querySelector('main');if(!root.firstElementChild||(m&&m.children.length===1&&m.firstElementChild.classList.contains('state--loading')))return;o.disconnect();clearTimeout(T);s.remove();var n=document.getElementById('first-screen-stalled');if(n)n.remove();root.hidden=false});o.observe(root,{childList:true,subtree:true});var T=setTimeout(function(){if(root.hidden&&X[l])document.body.insertAdjacentHTML('beforeend',X[l])},${STALLED_AFTER_MS});var g=setTimeout(load,${FIRST_PAINT_WAIT_MS});try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0){new PerformanceObserver(function(p,ob){if(p.getEntriesByName('first-contentful-paint').length){ob.disconnect();clearTimeout(g);load()}}).observe({type:'paint',buffered:true});return}}catch(e){}requestAnimationFrame(function(){requestAnimationFrame(load)})}catch(e){load()}})(${json(markup)},${json(stalled)})`;
        if (!html.includes('<div id="root"></div>'))
          throw new Error('first-screen-shell: index.html has no empty #root');
        return html
          .replace('</head>', () => `  <script>${decide}</script>\n  </head>`)
          .replace(
            '<div id="root"></div>',
            () =>
              `<div id="first-screen" inert></div>\n    <div id="root"></div>\n    <script>${show}</script>`,
          );
      },
    },
  };
}

// ---------- the screens' markup (as packages/ui renders them; keep in step with those components) ----------

const GLOBE =
  '<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" focusable="false" class="language-picker__icon" aria-hidden="true"><circle cx="12" cy="12" r="9"></circle><path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z"></path></svg>';

export interface FrameOptions {
  width: 'narrow' | 'medium' | 'wide';
  embedded: boolean;
  /** Markup after the language picker in the header (the website's profile link). */
  headerActions?: string;
  /** Base of the app's addresses (`/tma` for the Mini App). */
  base?: string;
  /** The tab of this address (`AppNav`'s active link), if one is. */
  activeTab?: string;
}

/** `TabGlyph` (packages/ui/src/components/tab-glyph.tsx). */
const tabGlyph = (icon: TabIcon) =>
  `<svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" focusable="false" class="app-nav__icon" aria-hidden="true"><path d="${TAB_ICON_PATHS[icon]}"></path></svg>`;

/** `AppNav` (packages/ui/src/components/app-nav.tsx) at one placement: the website's tabs, or the Mini App's. */
function appNav(
  t: (key: string) => string,
  placement: 'top' | 'bottom',
  base: string,
  active?: string,
  list: readonly { to: string; label: string; icon: TabIcon }[] = APP_TABS,
): string {
  const tabs = list
    .map((tab) => {
      const current = tab.to === active;
      return `<li><a${current ? ' aria-current="page"' : ''} class="app-nav__tab${current ? ' app-nav__tab--active' : ''}" href="${base}${tab.to}">${tabGlyph(tab.icon)}<span class="app-nav__label">${esc(t(tab.label))}</span></a></li>`;
    })
    .join('');
  return `<nav class="app-nav app-nav--${placement}" aria-label="${esc(t('feed.nav.label'))}"><ul class="app-nav__list">${tabs}</ul></nav>`;
}

/**
 * `Page` (packages/ui/src/components/page.tsx): header with logo and language picker, main, the tabs. Not
 * its footer, which comes with the app: `index.html` must stay within the first round trip of a new
 * connection (about 14 KB brotli, `bundle-budget.mjs` holds it), and the footer's links in three
 * languages and every copy cost 0.3 KB of it.
 */
export function pageFrame(
  t: (key: string) => string,
  context: ShellContext,
  frame: FrameOptions,
  main: string,
): string {
  const base = frame.base ?? '';
  const appName = esc(t('common.appName'));
  const options = context.languages
    .map(
      (l) =>
        `<option value="${l.code}" lang="${l.code}"${l.code === context.language ? ' selected' : ''}>${esc(l.nativeName)}</option>`,
    )
    .join('');
  return `<div class="page ${frame.embedded ? 'page--embedded' : ''} page--tabs"><a class="skip-link" href="#main">${esc(
    t('common.skipToContent'),
  )}</a><header class="page__header"><div class="page__bar"><a class="logo" aria-label="${appName}" href="${base}/"><span class="logo__mark" aria-hidden="true">K</span><span class="logo__word">${appName}</span></a>${appNav(t, 'top', base, frame.activeTab)}<div class="page__actions"><div class="language-picker "><label class="visually-hidden">${esc(
    t('language.label'),
  )}</label>${GLOBE}<select class="language-picker__select">${options}</select></div>${
    frame.headerActions ?? ''
  }</div></div></header><main class="page__main page__main--${frame.width}" tabindex="-1">${main}</main>${appNav(t, 'bottom', base, frame.activeTab)}</div>`;
}

/**
 * `Page` in the Mini App (platform telegram): Telegram is the chrome, so no skip link and no header,
 * only the content and the five tabs at the bottom.
 */
export function telegramFrame(
  t: (key: string) => string,
  frame: { width: FrameOptions['width']; base: string; activeTab?: string },
  main: string,
): string {
  return `<div class="page page--embedded page--tabs page--telegram"><main class="page__main page__main--${frame.width}" tabindex="-1">${main}</main>${appNav(t, 'bottom', frame.base, frame.activeTab, MINI_APP_TABS)}</div>`;
}

/** `AppShortcuts` (packages/ui/src/components/app-shortcuts.tsx): the Mini App home's screens without a tab. */
function appShortcuts(t: (key: string) => string, base: string): string {
  const items = MINI_APP_SHORTCUTS.map(
    (s) =>
      `<li><a class="app-shortcuts__item" href="${base}${s.to}">${tabGlyph(s.icon)}<span class="app-shortcuts__label">${esc(t(s.label))}</span></a></li>`,
  ).join('');
  return `<nav class="app-shortcuts" aria-label="${esc(t('feed.nav.more'))}"><ul class="app-shortcuts__list">${items}</ul></nav>`;
}

/**
 * `ScreenSkeleton` (apps/miniapp/src/screen-skeleton.tsx) in the Mini App's frame: what a Telegram launch
 * paints before any script runs when it opens another screen than the home (a deep link, a reload).
 */
export function miniAppSkeletonScreen(
  t: (key: string) => string,
  _context: ShellContext,
  base = '/tma',
): string {
  return telegramFrame(
    t,
    { width: 'wide', base },
    `<div class="state--loading screen-skeleton" role="status" aria-live="polite"><span class="visually-hidden">${esc(
      t('common.loading'),
    )}</span><span class="screen-skeleton__title"></span><span class="screen-skeleton__block screen-skeleton__block--hero"></span><span class="screen-skeleton__block"></span><span class="screen-skeleton__block"></span></div>`,
  );
}

/** `LoginScreen` at its first step (login-phone-step.tsx), before the country list has loaded. */
export function signInScreen(t: (key: string) => string, context: ShellContext): string {
  const form = `<form class="login" novalidate><h1 class="login__title">${esc(t('auth.title'))}</h1><p class="login__subtitle">${esc(
    t('auth.subtitle'),
  )}</p><div class="field"><label class="field__label">${esc(
    t('auth.country'),
  )}</label><select class="field__control field__control--select" aria-busy="true"><option disabled>${esc(
    t('auth.countriesLoading'),
  )}</option></select></div><div class="field"><label class="field__label">${esc(
    t('auth.phone'),
  )}</label><div class="phone-input "><span class="phone-input__prefix" aria-hidden="true"></span><input class="phone-input__control" type="tel" inputmode="tel" autocomplete="tel-national" value=""></div><p class="field__hint">${esc(
    t('auth.phoneHint'),
  )}</p></div><button type="submit" class="button button--primary button--block">${esc(t('auth.sendCode'))}</button></form>`;
  return pageFrame(
    t,
    context,
    { width: 'narrow', embedded: false },
    `<section class="card card--raised login-card">${form}</section>`,
  );
}

const SPINNER = '<span class="spinner spinner--sm" aria-hidden="true"></span>';

/** A feed card while its request is on its way: its title and the spinner (home-feed.tsx). */
const pendingCard = (title: string) =>
  `<section class="card"><h2 class="section-title">${esc(title)}</h2>${SPINNER}</section>`;

/** `FeaturedQuests` (home-feed.tsx) while the list loads. */
const pendingFeatured = (t: (key: string) => string, base: string) =>
  `<section class="feed-section"><div class="feed-section__head"><h2 class="section-title">${esc(
    t('feed.featured'),
  )}</h2><a class="feed-section__more" href="${base}/k-quest">${esc(t('feed.seeAll'))}</a></div>${SPINNER}</section>`;

/** `HomeScreen` (home-screen.tsx): the feed while the profile, balances and lists load. */
export function homeScreen(
  t: (key: string) => string,
  context: ShellContext,
  app: { platform: 'website' | 'telegram'; base?: string },
): string {
  const base = app.base ?? '';
  const website = app.platform === 'website';
  // BalanceHero and LevelCard (home-feed.tsx, level-card.tsx) while their answers come: the balance's grid with
  // its amounts' room, and the level card's room (its placeholder is 232 px tall on a phone), so nothing moves
  // when the app's own placeholders replace these.
  const cells = COINS.map(
    ([code, name, color]) =>
      `<div class="feed-balance__cell"><dt class="feed-balance__label">${coinIcon(code, color)}${name}</dt><dd class="feed-balance__amount">&nbsp;</dd></div>`,
  ).join('');
  const balance = `<section class="card card--raised feed-balance"><h2 class="visually-hidden">${esc(
    t('feed.balanceTitle'),
  )}</h2><dl class="feed-balance__grid">${cells}</dl><div class="feed-balance__actions"><a class="button button--primary button--small" href="${base}/buy-kcash">${esc(
    t('routes.buyKcash'),
  )}</a><a class="button button--secondary button--small" href="${base}/k-store">${esc(
    t('feed.spend'),
  )}</a><a class="button button--ghost button--small" href="${base}/transaction-history">${esc(
    t('routes.transactionHistory'),
  )}</a></div></section><section class="card" style="min-height:232px"></section>`;
  const main = `<section class="hero feed-hero"><p class="hero__eyebrow">${esc(t('common.appName'))}</p><h1 class="hero__title">${esc(
    t('home.welcomeFallback'),
  )}</h1><p class="hero__lead">${esc(t('feed.homeLead'))}</p></section>${website ? '' : appShortcuts(t, base)}<div class="feed"><div class="feed__main">${balance}${pendingCard(
    t('feed.daily.title'),
  )}${pendingCard(t('feed.inProgress'))}</div><div class="feed__side">${pendingCard(
    t('feed.earnings'),
  )}</div></div>${pendingFeatured(t, base)}`;
  if (!website) return telegramFrame(t, { width: 'wide', base, activeTab: '/home' }, main);
  return pageFrame(t, context, { width: 'wide', embedded: false, base, activeTab: '/home' }, main);
}

const COINS = [
  ['KCASH', 'K-Cash', '#1fe0a8'],
  ['RKHEL', 'rKHEL', '#7c5cff'],
  ['KPOINTS', 'K-Points', '#ffb547'],
] as const;

/** A currency's mark as `CurrencyIcon` draws it, reduced to its coloured disc (reward-chips.tsx). */
const coinIcon = (code: string, color: string) =>
  `<svg class="currency-icon currency-icon--${code.toLowerCase()}" viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="10" r="9" fill="${color}"></circle></svg>`;

/** `LandingScreen` (landing-screen.tsx): / for a visitor, while the featured quests load. */
export function landingScreen(t: (key: string) => string, context: ShellContext): string {
  const coins = COINS.map(([code, name, color]) => `<li>${coinIcon(code, color)} ${name}</li>`).join('');
  const main = `<section class="landing-hero"><p class="hero__eyebrow">${esc(t('common.appName'))}</p><h1 class="landing-hero__title">${esc(
    t('feed.landing.title'),
  )}</h1><p class="landing-hero__pitch">${esc(t('feed.landing.pitch'))}</p><ul class="landing-hero__coins" aria-label="${esc(
    t('feed.landing.currencies'),
  )}">${coins}</ul><div class="actions"><button type="button" class="button button--primary">${esc(
    t('feed.landing.start'),
  )}</button><a class="button button--secondary" href="/k-quest">${esc(
    t('feed.landing.browse'),
  )}</a></div></section>${pendingFeatured(t, '')}`;
  return visitorPage(t, context, main);
}

/** The website header's 'Sign in' for a visitor (`Page`'s header action). */
const visitorSignIn = (t: (key: string) => string) =>
  `<button type="button" class="button button--primary button--small">${esc(t('routes.register'))}</button>`;

/** `Page` as a visitor sees it on the website: header with 'Sign in', the tab of `activeTab`. */
const visitorPage = (t: (key: string) => string, context: ShellContext, main: string, activeTab?: string) =>
  pageFrame(
    t,
    context,
    {
      width: 'wide',
      embedded: false,
      headerActions: visitorSignIn(t),
      ...(activeTab ? { activeTab } : {}),
    },
    main,
  );

/** A list screen's state while its first page loads (the spinner and 'Loading…'). */
const loadingLine = (t: (key: string) => string) =>
  `<p role="status">${SPINNER} ${esc(t('common.loading'))}</p>`;

/**
 * A list screen's hero (`quests-hero`, `campaigns-hero`, `klash-hero`): title and intro over drawn art (a
 * background image, styles.css), the screen's largest paint, so it is painted from here, not after the
 * scripts and the list (issue 25).
 */
const listHero = (kind: 'quests' | 'campaigns' | 'klash', title: string, intro: string) =>
  `<header class="${kind}-hero"><h1 class="page-title">${esc(title)}</h1><p class="${kind}-hero__intro">${esc(intro)}</p></header>`;

/** `KlashTabs` (klash-screen.tsx) with the first tab chosen. */
const KLASH_TABS = [
  ['upcoming', '📅'],
  ['live', '🔴'],
  ['past', '🏁'],
] as const;

/** `KlashScreen` (klash-screen.tsx): /klash for a visitor while the tournaments load. */
export function klashScreen(t: (key: string) => string, context: ShellContext): string {
  const tabs = KLASH_TABS.map(
    ([status, icon], i) =>
      `<button type="button" role="tab" aria-selected="${i === 0}" class="klash-tabs__tab"><span aria-hidden="true">${icon}</span>${esc(
        t(`klash.tabs.${status}`),
      )}</button>`,
  ).join('');
  const main = `${listHero('klash', t('klash.heroTitle'), t('klash.intro'))}<div class="klash-tabs" role="tablist" aria-label="${esc(
    t('klash.tabs.label'),
  )}">${tabs}</div>${loadingLine(t)}`;
  return visitorPage(t, context, main);
}

/** `EarnSwitch` (components/tasks/switch.tsx): K-Quest | K-Drop, the current one marked. */
function earnSwitch(t: (key: string) => string, current: 'quests' | 'campaigns'): string {
  const link = (id: 'quests' | 'campaigns', href: string, label: string) =>
    `<a href="${href}" class="earn-switch__link"${id === current ? ' aria-current="page"' : ''}>${esc(label)}</a>`;
  return `<nav class="earn-switch" aria-label="${esc(t('quests.segments.label'))}">${link(
    'quests',
    '/k-quest',
    t('quests.title'),
  )}${link('campaigns', '/k-drop/campaigns', t('quests.segments.campaigns'))}</nav>`;
}

/** `QuestsScreen` (quests-screen.tsx): /k-quest for a visitor while the quests load. */
export function questsScreen(t: (key: string) => string, context: ShellContext): string {
  const main = `${earnSwitch(t, 'quests')}${listHero('quests', t('quests.title'), t('quests.intro'))}${loadingLine(t)}`;
  return visitorPage(t, context, main, '/k-quest');
}

/**
 * `CampaignsScreen` (campaigns-screen.tsx): /k-drop/campaigns for a visitor while the campaigns load (its
 * tabs come with the app).
 */
export function campaignsScreen(t: (key: string) => string, context: ShellContext): string {
  const main = `${earnSwitch(t, 'campaigns')}${listHero('campaigns', t('campaigns.title'), t('campaigns.intro'))}${loadingLine(t)}`;
  return visitorPage(t, context, main, '/k-quest');
}

/**
 * `PogHomeScreen`'s hero (pog-home-screen.tsx): /pog for a visitor. The sample cards' place is kept
 * (same size) and filled when the app takes over; the hero's text is the screen's largest paint.
 */
export function pogScreen(t: (key: string) => string, context: ShellContext): string {
  const main = `<section class="pog-hero"><div class="pog-hero__text"><p class="pog-hero__eyebrow">${esc(
    t('pog.home.eyebrow'),
  )}</p><h1 class="pog-hero__title">${esc(t('pog.home.title'))}</h1><p class="pog-hero__lead">${esc(
    t('pog.home.lead'),
  )}</p><p class="pog-hero__boost">⚡ ${esc(t('pog.home.boost'))}</p><div class="pog-hero__actions"><button type="button" class="button button--primary pog-cta">${esc(
    t('pog.home.visitorCta'),
  )}</button><a class="button button--ghost" href="/pog/leaderboard">🏆 ${esc(
    t('pog.home.leaderboard'),
  )}</a></div></div><div class="pog-hero__card"><div class="pog-hero__sample" aria-hidden="true"></div></div></section>`;
  return visitorPage(t, context, main, '/pog');
}

/** The longest the app's scripts wait for the copy's first paint to be reported before starting anyway. */
export const FIRST_PAINT_WAIT_MS = 1000;

/** How long the inert copy may stand alone before the reader is told the app did not load. */
export const STALLED_AFTER_MS = 15_000;

/** The notice for an app that did not load: the network error text and a reload link (a plain `href=""`). */
export function stalledNotice(t: (key: string) => string): string {
  return `<div id="first-screen-stalled" class="notice notice--error" role="alert" style="position:fixed;left:12px;right:12px;bottom:12px;z-index:10;background:var(--color-surface-raised);box-shadow:0 8px 24px rgba(0,0,0,.5)"><p>${esc(
    t('states.networkError'),
  )}</p><p><a href="">${esc(t('common.retry'))}</a></p></div>`;
}
