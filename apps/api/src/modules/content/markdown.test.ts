import { describe, expect, it } from 'vitest';
import { isSafeLink, readingMinutes, renderMarkdown } from './markdown.ts';

describe('article Markdown', () => {
  it('renders Markdown: headings, emphasis, lists, site links and site images', () => {
    const html = renderMarkdown('## Hi\n\n**bold** and [profile](/profile)\n\n- one\n\n![cover](/art/x.svg)');
    expect(html).toContain('<h2>Hi</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="/profile">profile</a>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<img src="/art/x.svg" alt="cover" loading="lazy">');
  });

  it.each([
    ['raw script', '<script>alert(1)</script>'],
    ['img onerror', '<img src=x onerror="alert(1)">'],
    ['inline handler in html block', '<div onclick="alert(1)">x</div>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['svg onload', '<svg onload=alert(1)>'],
  ])('refuses raw HTML: %s', (_name, source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<(script|img|div|iframe|svg)\b/i);
    expect(html).toContain('&lt;');
  });

  it.each([
    ['javascript link', '[x](javascript:alert(1))'],
    ['upper-case scheme', '[x](JaVaScRiPt:alert(1))'],
    ['entity-encoded scheme', '[x](&#106;avascript:alert(1))'],
    ['hex entity scheme', '[x](&#x6A;avascript&#x3A;alert(1))'],
    ['tab inside the scheme', '[x](java\tscript:alert(1))'],
    ['vbscript', '[x](vbscript:msgbox(1))'],
    ['data html', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['data image', '![x](data:image/png;base64,AAAA)'],
    ['autolink javascript', '<javascript:alert(1)>'],
    ['reference link', '[x][r]\n\n[r]: javascript:alert(1)'],
  ])('refuses dangerous addresses: %s', (_name, source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/href="\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/src="\s*data:/i);
    expect(html.toLowerCase()).not.toContain('href="javascript');
    expect(html.toLowerCase()).not.toContain('href="&#');
  });

  it('marks outside links noopener noreferrer nofollow and loads no outside image', () => {
    const html = renderMarkdown('[site](https://example.com/a) ![tracker](https://tracker.example/p.gif)');
    expect(html).toContain(
      '<a href="https://example.com/a" rel="noopener noreferrer nofollow" target="_blank">',
    );
    expect(html).not.toContain('tracker.example');
    expect(html).toContain('tracker');
  });

  it('checks links by an allow-list, controls stripped', () => {
    expect(isSafeLink('https://khel.gg')).toBe(true);
    expect(isSafeLink('/profile')).toBe(true);
    expect(isSafeLink('mailto:help@khel.gg')).toBe(true);
    expect(isSafeLink('//evil.example')).toBe(false);
    expect(isSafeLink(' javascript:alert(1)')).toBe(false);
    expect(isSafeLink('java\u0000script:alert(1)')).toBe(false);
  });

  it('counts reading minutes at about 200 words a minute', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(1000))).toBe(5);
  });
});
