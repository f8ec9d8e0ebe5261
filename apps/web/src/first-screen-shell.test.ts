import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../packages/ui/src/i18n/languages.ts';
import { en as enMain } from '../../../packages/ui/src/i18n/resources/en.ts';
import { feedEn } from '../../../packages/ui/src/i18n/resources/feed-en.ts';
import { feedHi } from '../../../packages/ui/src/i18n/resources/feed-hi.ts';
import { hi as hiMain } from '../../../packages/ui/src/i18n/resources/hi.ts';
import {
  firstScreenShell,
  homeScreen,
  landingScreen,
  signInScreen,
  translator,
} from '../../../tooling/vite/first-screen-shell.ts';

// The main texts with the feed part, as the apps' vite configs give them.
const en = { ...enMain, feed: feedEn };
const hi = { ...hiMain, feed: feedHi };

const INDEX = `<html><head><title>Khel</title>
<link rel="stylesheet" crossorigin href="/assets/index-abc.css">
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
    }
    const script = html.slice(html.indexOf('<script>') + '<script>'.length, html.lastIndexOf('</script>'));
    expect(script).not.toMatch(/<\/|<!--/);
    expect(html).toContain('<div id="first-screen" inert></div>\n    <div id="root"></div>');
  });

  it('inlines the style sheet the first paint needs instead of linking it', () => {
    const html = build();
    expect(html).toContain('<style>.page{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
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

/** Runs index.html's inline script against a page at `href` with `stored` in localStorage. */
function open(html: string, href: string, stored: Record<string, string> = {}, languages = ['en-US']) {
  const script = html.slice(html.indexOf('<script>') + '<script>'.length, html.lastIndexOf('</script>'));
  const url = new URL(href);
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
      getElementById: (id: string) => (id === 'first-screen' ? shell : id === 'root' ? root : null),
      body: { insertAdjacentHTML: (_where: string, markup: string) => appended.push(markup) },
    },
    window: {} as { self?: unknown; top?: unknown },
    MutationObserver: class {
      observe() {}
      disconnect() {}
    },
  };
  page.window.self = page.window;
  page.window.top = page.window;
  new Function(...Object.keys(page), script)(...Object.values(page));
  return {
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

describe("index.html's inline script", () => {
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

  it("shows the Mini App's home only for a Telegram launch without a start parameter, in Telegram's language", () => {
    const tma = firstScreenShell({
      routes: { '/tma/': { when: 'telegram', render: (t, c) => homeScreen(t, c, { platform: 'telegram' }) } },
      texts: { en, hi },
      languages: LANGUAGES,
      languageStorageKey: 'tma-pref:language',
      accessTokenKey: 'tma:accessToken',
    }).transformIndexHtml.handler(INDEX, {});
    const user = encodeURIComponent(JSON.stringify({ id: 1, language_code: 'hi' }));
    const launch = (initData: string) =>
      `https://khel.test/tma/#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0`;
    expect(open(tma, launch(`user=${user}&hash=x`), {}, ['en']).shell).toContain(hi.feed.inProgress);
    expect(open(tma, launch(`user=${user}&start_param=quest_x&hash=x`)).shell).toBe('');
    expect(open(tma, `${launch(`user=${user}&hash=x`)}&tgWebAppStartParam=quest_x`).shell).toBe('');
    expect(open(tma, 'https://khel.test/tma/').shell).toBe('');
  });
});
