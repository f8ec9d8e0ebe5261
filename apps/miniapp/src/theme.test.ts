import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { earlyThemeScript, themeCssVar } from './theme.ts';

/** Runs index.html's early theme script at `hash`: the CSS variables and scheme it set on the root element. */
function earlyTheme(hash: string) {
  const vars: Record<string, string> = {};
  const root = {
    style: {
      colorScheme: '',
      setProperty: (k: string, v: string) => {
        vars[k] = v;
      },
    },
    dataset: {} as Record<string, string>,
  };
  runInNewContext(earlyThemeScript(), {
    location: { hash },
    URLSearchParams,
    document: { documentElement: root },
  });
  return { vars, scheme: root.style.colorScheme, dataScheme: root.dataset.scheme };
}

const launchHash = (theme: unknown) =>
  `#tgWebAppData=x&tgWebAppVersion=8.0&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(theme))}`;

describe('Telegram theme params → Khel CSS variables', () => {
  it('maps the palette onto the variables the shared stylesheet uses', () => {
    expect(themeCssVar('bg_color')).toBe('--color-bg');
    expect(themeCssVar('text_color')).toBe('--color-text');
    expect(themeCssVar('button_text_color')).toBe('--color-on-primary');
    expect(themeCssVar('destructive_text_color')).toBe('--color-danger');
  });

  it('binds the colours tma.css makes readable under their own names', () => {
    expect(themeCssVar('hint_color')).toBe('--tg-theme-hint-color');
    expect(themeCssVar('subtitle_text_color')).toBe('--tg-theme-subtitle-text-color');
    expect(themeCssVar('link_color')).toBe('--tg-theme-link-color');
    expect(themeCssVar('accent_text_color')).toBe('--tg-theme-accent-text-color');
    expect(themeCssVar('button_color')).toBe('--tg-theme-button-color');
  });

  it('keeps the SDK default name for keys the stylesheet does not use', () => {
    expect(themeCssVar('section_header_text_color')).toBe('--tg-theme-section-header-text-color');
  });

  it("applies the launch address's theme before the first paint, with the scheme the SDK would judge", () => {
    const light = earlyTheme(
      launchHash({ bg_color: '#ffffff', text_color: '#000000', section_header_text_color: '#6d6d71' }),
    );
    expect(light.vars).toEqual({
      '--color-bg': '#ffffff',
      '--color-text': '#000000',
      '--tg-theme-section-header-text-color': '#6d6d71',
    });
    expect(light).toMatchObject({ scheme: 'light', dataScheme: 'light' });
    expect(earlyTheme(launchHash({ bg_color: '#17212b' }))).toMatchObject({
      scheme: 'dark',
      dataScheme: 'dark',
    });
  });

  it('leaves the page as it was without a theme, or with one it cannot read', () => {
    for (const hash of [
      '',
      '#tgWebAppData=x',
      '#tgWebAppThemeParams=%7Bnot-json',
      launchHash({ bg_color: 'red; x' }),
    ])
      expect(earlyTheme(hash).vars).toEqual({});
    expect(earlyTheme('#tgWebAppData=x').scheme).toBe('');
  });
});
