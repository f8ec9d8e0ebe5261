import { describe, expect, it } from 'vitest';
import { localized } from './localized.ts';

describe('localized', () => {
  const item = {
    title: 'First Strike',
    description: 'Bowl a strike.',
    translations: { hi: { title: 'पहला स्ट्राइक' } },
  };
  it('takes the translation of the field in the reader language', () => {
    expect(localized(item, 'title', 'hi')).toBe('पहला स्ट्राइक');
    expect(localized(item, 'title', 'hi-IN')).toBe('पहला स्ट्राइक');
  });
  it('falls back to English field by field and for other languages', () => {
    expect(localized(item, 'description', 'hi')).toBe('Bowl a strike.');
    expect(localized(item, 'title', 'pt-BR')).toBe('First Strike');
    expect(localized(item, 'title', 'en')).toBe('First Strike');
    expect(localized({ title: 'X' }, 'title', 'hi')).toBe('X');
  });
});
