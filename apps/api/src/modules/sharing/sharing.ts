import { createHash } from 'node:crypto';
import {
  POG_TELEGRAM_NOT_LINKED_MESSAGE,
  POG_TELEGRAM_UNAVAILABLE_MESSAGE,
  SHARE_LINE_MAX,
  type ShareItem,
  type ShareKind,
} from '@khel/core/contract';
import { startParamFor, startParamToPath } from '@khel/core/deep-links';
import type { UserRow } from '@khel/db/schema';
import type { AppDeps } from '../../lib/context.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { savePreparedMessage } from '../../lib/telegram-prepared.ts';
import { loadCampaign } from '../campaigns/index.ts';
import { contentDetail } from '../content/index.ts';
import { findTournament } from '../klash/index.ts';
import { itemSharePicture } from '../pog/index.ts';
import { loadQuest } from '../quests/index.ts';

/**
 * Sharing a quest, a K-Drop campaign, a Klash tournament or an article into a chat (issue 26), with the
 * mechanism POG cards share by: the picture is drawn by the card render pool (pog's `itemSharePicture`, child
 * processes, cached), and the prepared inline message is saved by `lib/telegram-prepared.ts` from the same
 * result inline mode answers (`@khel/bot/share-results`). Each item is found by its owner's own loader, so what
 * may be shared is what its screen shows (published quests, campaigns that are not drafts, tournaments that
 * are not drafts, published articles), and an unknown one is the owner's 404.
 */

export type ShareLang = 'en' | 'hi' | 'pt-BR';

interface Found {
  id: string;
  slug: string;
  title: string;
  description: string;
}

/** The item as its owner shows it (404 with the owner's message when there is none). */
async function findItem(deps: AppDeps, kind: ShareKind, ref: string, lang: ShareLang): Promise<Found> {
  switch (kind) {
    case 'quest': {
      const { quest } = await loadQuest(deps.db, { ref }, 'quest');
      return { id: quest.id, slug: quest.slug, title: quest.title, description: quest.description };
    }
    case 'campaign': {
      const { campaign } = await loadCampaign(deps.db, { ref });
      return {
        id: campaign.id,
        slug: campaign.slug,
        title: campaign.title,
        description: campaign.description,
      };
    }
    case 'klash': {
      const row = await findTournament(deps.db, ref);
      return { id: row.id, slug: row.slug, title: row.title, description: row.description };
    }
    case 'article': {
      const item = await contentDetail(deps.db, 'article', ref, lang, deps.clock());
      return { id: item.id, slug: item.slug, title: item.title, description: item.summary };
    }
  }
}

/** The first words of a description, as plain text, cut at a word to at most SHARE_LINE_MAX characters. */
export function shortLine(description: string): string {
  const plain = description
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...plain];
  if (chars.length <= SHARE_LINE_MAX) return plain;
  const cut = chars.slice(0, SHARE_LINE_MAX - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > SHARE_LINE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const versionOf = (found: Found, line: string) =>
  createHash('sha256').update(`${found.title}\n${line}`).digest('base64url').slice(0, 12);

/** What a shared item shows: title, line, the picture's address (by version) and its links. */
export async function shareItem(
  deps: AppDeps,
  kind: ShareKind,
  ref: string,
  lang: ShareLang = 'en',
): Promise<ShareItem> {
  const found = await findItem(deps, kind, ref, lang);
  const line = shortLine(found.description);
  const startParam = startParamFor(kind, { slug: found.slug, id: found.id });
  const origin = publicOrigin(deps.env);
  return {
    kind,
    id: found.id,
    slug: found.slug,
    title: found.title,
    line,
    pictureUrl: `${origin}/api/share/${kind}/${encodeURIComponent(found.slug)}/picture?v=${versionOf(found, line)}`,
    startParam,
    url: `${origin}${startParamToPath(startParam)}`,
  };
}

/** What the picture calls each kind, in the reader's language. */
const LABELS: Record<ShareLang, Record<ShareKind, string>> = {
  en: { quest: 'Quest', campaign: 'K-Drop campaign', klash: 'Klash tournament', article: 'Article' },
  hi: { quest: 'क्वेस्ट', campaign: 'K-Drop कैंपेन', klash: 'Klash टूर्नामेंट', article: 'लेख' },
  'pt-BR': { quest: 'Quest', campaign: 'Campanha K-Drop', klash: 'Torneio Klash', article: 'Artigo' },
};
const ACCENTS: Record<ShareKind, string> = {
  quest: '#22d3a6',
  campaign: '#f59e0b',
  klash: '#ef4444',
  article: '#60a5fa',
};

/** The item's share picture (JPEG) in `lang`, drawn off the request thread and cached per version and language. */
export async function sharePicture(deps: AppDeps, kind: ShareKind, ref: string, lang: ShareLang) {
  const found = await findItem(deps, kind, ref, lang);
  const line = shortLine(found.description);
  return itemSharePicture(deps, `${kind}|${found.id}|${versionOf(found, line)}|${lang}`, {
    label: LABELS[lang][kind],
    title: found.title,
    line,
    accent: ACCENTS[kind],
    lang,
  });
}

const langOf = (code: string | null | undefined): ShareLang =>
  code?.toLowerCase().startsWith('hi') ? 'hi' : code?.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en';

/**
 * A prepared inline message of the item for the signed-in user's shareMessage: inline mode's photo result, in the
 * user's language. 404 for an unknown item, 409 without a Telegram account, 503 when Telegram is not reachable.
 */
export async function prepareItemShare(deps: AppDeps, user: UserRow, kind: ShareKind, ref: string) {
  const item = await shareItem(deps, kind, ref, langOf(user.languageCode));
  return savePreparedMessage(
    deps,
    user.telegramId,
    async (links) =>
      (await import('@khel/bot/share-results')).shareItemResult(item, user.languageCode, links),
    { notLinked: POG_TELEGRAM_NOT_LINKED_MESSAGE, unavailable: POG_TELEGRAM_UNAVAILABLE_MESSAGE },
    'sharing',
  );
}
