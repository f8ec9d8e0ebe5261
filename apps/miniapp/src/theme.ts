/**
 * Telegram theme params (snake_case keys, e.g. `bg_color`) → Khel's CSS variables, so the
 * shared stylesheet follows the user's Telegram theme. Keys we do not use keep the SDK's
 * default `--tg-theme-*` name.
 */
const THEME_TO_CSS_VAR: Record<string, string> = {
  bg_color: '--color-bg',
  secondary_bg_color: '--color-surface',
  section_bg_color: '--color-surface-raised',
  section_separator_color: '--color-border',
  text_color: '--color-text',
  hint_color: '--color-muted',
  subtitle_text_color: '--color-subtle',
  button_color: '--color-primary',
  button_text_color: '--color-on-primary',
  accent_text_color: '--color-accent',
  link_color: '--color-link',
  destructive_text_color: '--color-danger',
  header_bg_color: '--color-header-bg',
};

export function themeCssVar(key: string): string {
  return THEME_TO_CSS_VAR[key] ?? `--tg-theme-${key.replace(/_/g, '-')}`;
}

/** A dark palette close to Telegram's, used when the environment is mocked outside Telegram. */
export const DEV_THEME_PARAMS = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  section_bg_color: '#1d2733',
  section_separator_color: '#2b3947',
  text_color: '#f5f5f5',
  hint_color: '#8b9aa8',
  subtitle_text_color: '#8b9aa8',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  accent_text_color: '#6ab2f2',
  link_color: '#6ab3f3',
  destructive_text_color: '#ec3942',
  header_bg_color: '#17212b',
  bottom_bar_bg_color: '#17212b',
} as const;
