import { describe, expect, it } from 'vitest';
import { themeCssVar } from './theme.ts';

describe('Telegram theme params → Khel CSS variables', () => {
  it('maps the palette onto the variables the shared stylesheet uses', () => {
    expect(themeCssVar('bg_color')).toBe('--color-bg');
    expect(themeCssVar('text_color')).toBe('--color-text');
    expect(themeCssVar('button_color')).toBe('--color-primary');
    expect(themeCssVar('button_text_color')).toBe('--color-on-primary');
    expect(themeCssVar('hint_color')).toBe('--color-muted');
    expect(themeCssVar('destructive_text_color')).toBe('--color-danger');
  });

  it('keeps the SDK default name for keys the stylesheet does not use', () => {
    expect(themeCssVar('section_header_text_color')).toBe('--tg-theme-section-header-text-color');
  });
});
