import { describe, expect, it } from 'vitest';
import { appLinkTarget } from '../components/legal-text.tsx';
import { formatEffectiveDate, parseLegalText, plainText } from './legal-markup.ts';

describe('legal text links', () => {
  it('splits words and [label](target) links: app paths, web addresses, email', () => {
    expect(
      parseLegalText(
        'See our [Privacy policy](/privacy-policy#retention), [maxmind.com](https://www.maxmind.com) or [a@b.c](mailto:a@b.c).',
      ),
    ).toEqual([
      { kind: 'text', text: 'See our ' },
      { kind: 'link', label: 'Privacy policy', target: '/privacy-policy#retention', type: 'app' },
      { kind: 'text', text: ', ' },
      { kind: 'link', label: 'maxmind.com', target: 'https://www.maxmind.com', type: 'web' },
      { kind: 'text', text: ' or ' },
      { kind: 'link', label: 'a@b.c', target: 'mailto:a@b.c', type: 'mail' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves anything else as text (no javascript:, no protocol-relative or plain http links)', () => {
    for (const text of ['[x](javascript:alert(1))', '[x](//evil.example)', '[x](http://a.example)'])
      expect(parseLegalText(text).every((s) => s.kind === 'text')).toBe(true);
    expect(plainText('Read [the terms](/terms-and-conditions).')).toBe('Read the terms.');
  });

  it('between legal documents the query (display flags) stays; other pages get the link as written', () => {
    expect(appLinkTarget('/privacy-policy#retention', '?header=false')).toBe(
      '/privacy-policy?header=false#retention',
    );
    expect(appLinkTarget('/terms-and-conditions', '?footer=false')).toBe(
      '/terms-and-conditions?footer=false',
    );
    expect(appLinkTarget('/delete-user-account', '?header=false')).toBe('/delete-user-account');
    expect(appLinkTarget('/privacy-policy', '')).toBe('/privacy-policy');
  });
});

describe('effective date', () => {
  it('is written in the reader’s language', () => {
    expect(formatEffectiveDate('2026-11-24', 'en-IN')).toBe('24 November 2026');
    expect(formatEffectiveDate('2026-11-24', 'hi-IN')).toBe('24 नवंबर 2026');
    expect(formatEffectiveDate('2026-11-24', 'pt-BR')).toBe('24 de novembro de 2026');
    expect(formatEffectiveDate('not a date', 'en-IN')).toBe('not a date');
  });
});
