import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../packages/ui/src/i18n/languages.ts';
import { en as enMain } from '../../../packages/ui/src/i18n/resources/en.ts';
import { feedEn } from '../../../packages/ui/src/i18n/resources/feed-en.ts';
import { feedHi } from '../../../packages/ui/src/i18n/resources/feed-hi.ts';
import { hi as hiMain } from '../../../packages/ui/src/i18n/resources/hi.ts';
import {
  esc,
  firstScreenShell,
  homeScreen,
  landingScreen,
  miniAppSkeletonScreen,
  type ShellPage,
  signInScreen,
  translator,
} from '../../../tooling/vite/first-screen-shell.ts';

// The main texts with the feed part, as the apps' vite configs give them.
const en = { ...enMain, feed: feedEn };
const hi = { ...hiMain, feed: feedHi };

const INDEX = `<html><head><title>Khel</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">
<link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  <script>(function(){document.head.appendChild(document.createElement('link'))})()</script>
</head><body><div id="root"></div></body></html>`;

const plugin = firstScreenShell({
  routes: {
    '/': { when: 'signedOut', render: landingScreen },
    '/register': { when: 'signedOut', render: signInScreen },
    '/home': { when: 'signedIn', render: (t, c) => homeScreen(t, c, { platform: 'website' }) },
  },
  texts: { en, hi },
  languages: LANGUAGES,
  languageStorageKey: 'khel-pref.language',
  accessTokenKey: 'khel.accessToken',
});

const build = () =>
  plugin.transformIndexHtml.handler(INDEX, {
    bundle: {
      'assets/index-abc.css': { type: 'asset', fileName: 'assets/index-abc.css', source: '.page{color:red}' },
    },
  });

describe('the first screen written into index.html', () => {
  it("holds each screen's heading and largest text in every language, escaped for an inline script", () => {
    const html = build();
    for (const texts of [en, hi]) {
      expect(html).toContain(texts.auth.title);
      expect(html).toContain(texts.auth.subtitle);
      expect(html).toContain(texts.feed.landing.title);
      expect(html).toContain(texts.feed.daily.title);
      expect(html).toContain(texts.feed.nav.earnings);
      // The home's largest text, which the app renders at the same size.
      expect(html).toContain(esc(texts.feed.homeLead));
    }
    for (const script of inlineScripts(html)) expect(script).not.toMatch(/<\/|<!--/);
    expect(html).toContain('<div id="first-screen" inert></div>\n    <div id="root"></div>');
  });

  it('inlines the style sheet the first paint needs instead of linking it', () => {
    const html = build();
    expect(html).toContain('<style>.page{color:red}</style>');
    // Its link stays, disabled (never fetched nor applied), so that Vite's loader takes it as loaded and does not
    // fetch it again with the first lazy screen.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css" disabled>');
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)?.every((link) => link.endsWith(' disabled>'))).toBe(
      true,
    );
  });

  it('refuses a text key that does not exist', () => {
    expect(() => translator(en)('auth.noSuchKey')).toThrow(/auth\.noSuchKey/);
  });

  it('shows the language picker on the reader language and escapes the texts', () => {
    const t = (key: string) => (key === 'auth.title' ? 'A <b> & "c"' : translator(en)(key));
    const html = signInScreen(t, { language: 'hi', languages: LANGUAGES });
    expect(html).toContain('A &lt;b&gt; &amp; &quot;c&quot;');
    expect(html).toContain('<option value="hi" lang="hi" selected>');
    expect(html).not.toContain('<option value="en" lang="en" selected>');
  });
});

/** The inline scripts of index.html outside the held-back scripts' template: in <head>, then in <body>. */
function inlineScripts(html: string): string[] {
  const outside = html.replace(/<template[\s\S]*?<\/template>/, '');
  return [...outside.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] as string);
}

/**
 * Runs index.html's inline scripts against a page at `href` with `stored` in localStorage; `paint`
 * says whether the browser reports the first contentful paint (else the scripts wait two frames).
 */
function open(
  html: string,
  href: string,
  stored: Record<string, string> = {},
  languages = ['en-US'],
  { paint = true, hidden = false } = {},
) {
  const scripts = inlineScripts(html);
  const url = new URL(href);
  /** What the loader put into <head>: the held-back tags, as `tag attr=value …`. */
  const started: string[] = [];
  const template = {
    parentNode: { removeChild: () => (template.removed = true) },
    removed: false,
    content: {
      children: [
        ...(/<template[^>]*>([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '').matchAll(
          /<(script|link)\b([^>]*)>/g,
        ),
      ].map(([, tag, attrs]) => ({
        tagName: (tag as string).toUpperCase(),
        text: '',
        attributes: [...(attrs as string).matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => ({
          name,
          value: value ?? '',
        })),
      })),
    },
  };
  const frames: (() => void)[] = [];
  let paintObserver: (() => void) | undefined;
  const shell = { innerHTML: '', removed: false, remove: () => (shell.removed = true) };
  const root = { hidden: false };
  const html5 = { lang: 'en' };
  const timers: (() => void)[] = [];
  const appended: string[] = [];
  const page = {
    setTimeout: (run: () => void) => timers.push(run),
    clearTimeout: () => {},
    location: { pathname: url.pathname, search: url.search, hash: url.hash },
    localStorage: { getItem: (k: string) => stored[k] ?? null },
    navigator: { languages },
    document: {
      documentElement: html5,
      visibilityState: hidden ? 'hidden' : 'visible',
      getElementById: (id: string) =>
        id === 'first-screen'
          ? shell
          : id === 'root'
            ? root
            : id === 'first-screen-scripts' && !template.removed
              ? template
              : null,
      body: { insertAdjacentHTML: (_where: string, markup: string) => appended.push(markup) },
      head: {
        appendChild: (el: { tag: string; attrs: string[] }) => started.push([el.tag, ...el.attrs].join(' ')),
      },
      createElement: (tag: string) => {
        const el = { tag: tag.toLowerCase(), attrs: [] as string[], text: '' };
        return Object.assign(el, {
          setAttribute: (n: string, v: string) => el.attrs.push(v ? `${n}=${v}` : n),
        });
      },
    },
    requestAnimationFrame: (run: () => void) => frames.push(run),
    PerformanceObserver: Object.assign(
      class {
        constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
        observe() {
          paintObserver = () =>
            this.callback(
              { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{}] : []) },
              this,
            );
        }
        disconnect() {
          paintObserver = undefined;
        }
      },
      { supportedEntryTypes: paint ? ['paint', 'largest-contentful-paint'] : ['largest-contentful-paint'] },
    ),
    window: {} as { self?: unknown; top?: unknown },
    MutationObserver: class {
      observe() {}
      disconnect() {}
    },
  };
  page.window.self = page.window;
  page.window.top = page.window;
  for (const script of scripts) new Function(...Object.keys(page), script)(...Object.values(page));
  return {
    /** The held-back tags started so far. */
    started: () => [...started],
    /** The browser reports the first contentful paint. */
    painted() {
      paintObserver?.();
      return [...started];
    },
    /** The next animation frame runs. */
    frame() {
      for (const run of frames.splice(0)) run();
      return [...started];
    },
    shell: shell.innerHTML,
    rootHidden: root.hidden,
    lang: html5.lang,
    /** Runs the pending timers (the stalled-app notice) with the app taken over or not, and returns what they added. */
    afterTimers(appTookOver: boolean) {
      root.hidden = !appTookOver;
      for (const run of timers.splice(0)) run();
      return appended;
    },
  };
}

/** The Mini App's index.html with these first screens. */
const miniAppIndex = (routes: Record<string, ShellPage>) =>
  firstScreenShell({
    routes,
    texts: { en, hi },
    languages: LANGUAGES,
    languageStorageKey: 'tma-pref:language',
    accessTokenKey: 'tma:accessToken',
  }).transformIndexHtml.handler(INDEX, {});

describe("index.html's inline script", () => {
  it('holds the scripts of <head> back in a template, in their order', () => {
    const html = build();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(
      /<template id="first-screen-scripts"><script type="module" crossorigin src="\/assets\/index-abc\.js"><\/script><link rel="modulepreload" crossorigin href="\/assets\/vendor-abc\.js"><script>\(function\(\)\{document\.head/,
    );
    expect(head.replace(/<template[\s\S]*?<\/template>/, '')).not.toMatch(/type="module"|modulepreload/);
  });

  it('starts the scripts at once where no copy is shown, and after its first paint where one is', () => {
    const html = build();
    const entry = 'script type=module crossorigin src=/assets/index-abc.js';
    const preload = 'link rel=modulepreload crossorigin href=/assets/vendor-abc.js';
    expect(open(html, 'https://khel.test/profile').started()).toEqual([entry, preload, 'script']);
    expect(open(html, 'https://khel.test/home').started()).toEqual([entry, preload, 'script']);

    const visitor = open(html, 'https://khel.test/');
    expect(visitor.shell).toContain(en.feed.landing.title);
    expect(visitor.started()).toEqual([]);
    expect(visitor.frame()).toEqual([]);
    expect(visitor.painted()).toEqual([entry, preload, 'script']);
    expect(visitor.painted()).toHaveLength(3);

    // A browser that does not report paints: two frames.
    const noPaintTiming = open(html, 'https://khel.test/', {}, ['en'], { paint: false });
    expect(noPaintTiming.frame()).toEqual([]);
    expect(noPaintTiming.frame()).toEqual([entry, preload, 'script']);

    // A paint that is never reported: FIRST_PAINT_WAIT_MS at most.
    const unreported = open(html, 'https://khel.test/');
    unreported.afterTimers(false);
    expect(unreported.started()).toEqual([entry, preload, 'script']);

    // A tab in the background paints nothing: at once, with the copy ready for when it is shown.
    const hidden = open(html, 'https://khel.test/', {}, ['en'], { hidden: true });
    expect(hidden.shell).toContain(en.feed.landing.title);
    expect(hidden.started()).toEqual([entry, preload, 'script']);
  });

  const html = build();

  it("shows the visitors' / and the sign-in form signed out and the home signed in, each only where the app shows it", () => {
    const signedOut = open(html, 'https://khel.test/');
    expect(signedOut.shell).toContain(en.feed.landing.title);
    expect(signedOut.shell).toContain('app-nav--bottom');
    expect(signedOut.rootHidden).toBe(true);
    expect(open(html, 'https://khel.test/register').shell).toContain(en.auth.subtitle);
    expect(open(html, 'https://khel.test/home').shell).toBe('');
    const signedIn = { 'khel.accessToken': 'token' };
    expect(open(html, 'https://khel.test/home', signedIn).shell).toContain(en.feed.inProgress);
    expect(open(html, 'https://khel.test/', signedIn).shell).toBe('');
    expect(open(html, 'https://khel.test/profile', signedIn).shell).toBe('');
    expect(open(html, 'https://khel.test/?header=false').shell).toBe('');
  });

  it('tells the reader, in their language, when the app has not taken over the inert copy in time', () => {
    const stalled = open(html, 'https://khel.test/', {}, ['hi-IN']).afterTimers(false);
    expect(stalled).toHaveLength(1);
    expect(stalled[0]).toContain(hi.states.networkError);
    expect(stalled[0]).toContain('<a href="">');
    expect(open(html, 'https://khel.test/').afterTimers(true)).toEqual([]);
    // No copy shown (not a first-screen address): no timer either.
    expect(open(html, 'https://khel.test/profile').afterTimers(false)).toEqual([]);
  });

  it("is in the reader's language: the saved choice, else the browser's", () => {
    const byBrowser = open(html, 'https://khel.test/', {}, ['hi-IN', 'en']);
    expect(byBrowser.shell).toContain(hi.feed.landing.title);
    expect(byBrowser.lang).toBe('hi');
    const saved = open(html, 'https://khel.test/', { 'khel-pref.language': 'en' }, ['hi-IN']);
    expect(saved.shell).toContain(en.feed.landing.title);
  });

  it("shows the Mini App's home only for a Telegram launch without a start parameter, in Telegram's language alone", () => {
    const tma = miniAppIndex({
      '/tma/': { when: 'telegram', render: (t, c) => homeScreen(t, c, { platform: 'telegram' }) },
    });
    const user = encodeURIComponent(JSON.stringify({ id: 1, language_code: 'hi' }));
    const launch = (initData: string) =>
      `https://khel.test/tma/#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0`;
    expect(open(tma, launch(`user=${user}&hash=x`), {}, ['en']).shell).toContain(hi.feed.inProgress);
    expect(open(tma, launch(`user=${user}&start_param=quest_x&hash=x`)).shell).toBe('');
    expect(open(tma, `${launch(`user=${user}&hash=x`)}&tgWebAppStartParam=quest_x`).shell).toBe('');
    expect(open(tma, 'https://khel.test/tma/').shell).toBe('');
    // A Telegram user whose language Khel does not speak reads English, whatever the phone's languages.
    const russian = encodeURIComponent(JSON.stringify({ id: 1, language_code: 'ru' }));
    expect(open(tma, launch(`user=${russian}&hash=x`), {}, ['hi-IN']).lang).toBe('en');
    expect(open(tma, launch(`user=${russian}&hash=x`), { 'tma-pref:language': 'hi' }).lang).toBe('hi');
  });

  it("paints the Mini App's frame (five tabs, a skeleton, no web header) for any other screen of a Telegram launch", () => {
    const tma = miniAppIndex({
      '/tma/': {
        when: 'telegram',
        render: (t, c) => homeScreen(t, c, { platform: 'telegram', base: '/tma' }),
      },
      '*': { when: 'telegram', render: miniAppSkeletonScreen },
    });
    const user = encodeURIComponent(JSON.stringify({ id: 1, language_code: 'hi' }));
    const launch = (path: string, initData: string) =>
      `https://khel.test${path}#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0`;
    const home = open(tma, launch('/tma/', `user=${user}&hash=x`)).shell;
    expect(home).toContain(hi.feed.inProgress);
    expect(home).toContain(hi.feed.nav.more);
    const deepLink = open(tma, launch('/tma/', `user=${user}&start_param=quest_x&hash=x`)).shell;
    const inner = open(tma, launch('/tma/k-store', `user=${user}&hash=x`)).shell;
    for (const frame of [deepLink, inner]) {
      expect(frame).toContain('screen-skeleton');
      expect(frame).toContain(hi.common.loading);
      expect(frame).toContain(hi.feed.nav.kdrop);
    }
    for (const frame of [home, deepLink, inner]) {
      expect(frame).not.toContain('page__header');
      expect(frame).not.toContain('skip-link');
      expect(frame.match(/class="app-nav__tab/g)).toHaveLength(5);
    }
    // Not a Telegram launch: nothing (the app says to open it from Telegram).
    expect(open(tma, 'https://khel.test/tma/k-store').shell).toBe('');
  });
});
