import type { AppDeps } from '../../lib/context.ts';
import { cardByName } from './cards.ts';

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const DESCRIPTION = {
  en: (variant: string, total: number) =>
    `${variant} Proof of Gamer card · score ${total} · mint yours on Khel`,
  hi: (variant: string, total: number) => `${variant} प्रूफ़ ऑफ़ गेमर कार्ड · स्कोर ${total} · Khel पर अपना बनाएँ`,
  'pt-BR': (variant: string, total: number) =>
    `Cartão Prova de Gamer ${variant} · ${total} pontos · crie o seu no Khel`,
} as const;

/**
 * Open Graph and X card tags for `/pog-showcase?username=<name>` (website and Mini App), so a shared card's link
 * previews with its picture in Telegram, WhatsApp, X and Facebook. Null for any other page or an unknown name.
 */
export function pogShowcaseHead(deps: AppDeps) {
  return async (path: string, query: URLSearchParams): Promise<string | null> => {
    if (path.replace(/\/+$/, '').toLowerCase() !== '/pog-showcase') return null;
    const name = query.get('username') ?? '';
    if (!/^[A-Za-z0-9]{1,40}$/.test(name)) return null;
    const lang = query.get('lang') === 'hi' ? 'hi' : query.get('lang') === 'pt-BR' ? 'pt-BR' : 'en';
    const card = await cardByName(deps, null, name).catch(() => null);
    if (!card) return null;
    const title = `${card.name} · Khel POG`;
    const description = DESCRIPTION[lang](card.variant, card.total);
    const image = `${card.images.share}&lang=${encodeURIComponent(lang)}`;
    const tags: [string, string, string][] = [
      ['property', 'og:type', 'profile'],
      ['property', 'og:site_name', 'Khel'],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', card.showcaseUrl],
      ['property', 'og:image', image],
      ['property', 'og:image:width', '1200'],
      ['property', 'og:image:height', '630'],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image],
    ];
    return tags
      .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`)
      .join('');
  };
}
