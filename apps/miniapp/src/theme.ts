/**
 * Telegram theme params (snake_case keys, e.g. `bg_color`) → Khel's CSS variables, so the
 * shared stylesheet follows the user's Telegram theme. Keys we do not use keep the SDK's
 * default `--tg-theme-*` name. Telegram's hint, subtitle, link, accent and button colours are bound under
 * their own names: tma.css derives Khel's from them, moved toward the text colour (the button toward black)
 * until they read at WCAG AA, which Telegram's defaults do not (its light theme's hint #999999 on white is
 * 2.8:1, white on its button #40a7e3 2.7:1).
 */
const THEME_TO_CSS_VAR: Record<string, string> = {
  bg_color: '--color-bg',
  secondary_bg_color: '--color-surface',
  section_bg_color: '--color-surface-raised',
  section_separator_color: '--color-border',
  text_color: '--color-text',
  button_text_color: '--color-on-primary',
  destructive_text_color: '--color-danger',
  header_bg_color: '--color-header-bg',
};

export function themeCssVar(key: string): string {
  return THEME_TO_CSS_VAR[key] ?? `--tg-theme-${key.replace(/_/g, '-')}`;
}

/**
 * An inline script for index.html's `<head>` (the Mini App's Vite config writes it there): the theme Telegram
 * passes in the launch address (`tgWebAppThemeParams` in the hash) applied to the CSS variables before the
 * first paint, as the SDK's `bindCssVars` will (the same names and values), with the colour scheme as the SDK
 * judges it (`isDark`: no background, or one whose perceived brightness √(0.299 r² + 0.587 g² + 0.114 b²) is
 * under 120). Until the SDK started, the pre-rendered home was painted in Khel's own dark palette and switched
 * to a light Telegram's a second later. Anything it cannot read leaves the page as it was.
 */
export function earlyThemeScript(): string {
  return `(function(m){try{var p=new URLSearchParams(location.hash.slice(1)).get('tgWebAppThemeParams');if(!p)return;var t=JSON.parse(p),r=document.documentElement,s=r.style;for(var k in t)if(typeof t[k]==='string'&&/^#[0-9a-f]{6}$/i.test(t[k]))s.setProperty(m[k]||'--tg-theme-'+k.replace(/_/g,'-'),t[k]);var b=t.bg_color,d=true;if(typeof b==='string'&&/^#[0-9a-f]{6}$/i.test(b)){var n=parseInt(b.slice(1),16),x=n>>16,y=n>>8&255,z=n&255;d=Math.sqrt(.299*x*x+.587*y*y+.114*z*z)<120}var c=d?'dark':'light';s.colorScheme=c;r.dataset.scheme=c}catch(e){}})(${JSON.stringify(THEME_TO_CSS_VAR)})`;
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
