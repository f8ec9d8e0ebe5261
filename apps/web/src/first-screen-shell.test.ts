import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../packages/ui/src/i18n/languages.ts';
import { en } from '../../../packages/ui/src/i18n/resources/en.ts';
import { hi } from '../../../packages/ui/src/i18n/resources/hi.ts';
import {
  firstScreenShell,
  homeScreen,
  signInScreen,
  translator,
} from '../../../tooling/vite/first-screen-shell.ts';

const INDEX = `<html><head><title>Khel</title>
<link rel="stylesheet" crossorigin href="/assets/index-abc.css">
</head><body><div id="root"></div></body></html>`;

const plugin = firstScreenShell({
  routes: {
    '/': { when: 'signedOut', render: signInScreen },
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
      expect(html).toContain(texts.home.intro);
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
