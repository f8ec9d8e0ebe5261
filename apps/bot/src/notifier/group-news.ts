import { CLAN_TIERS, type ClanGroupNewsKind, type ClanTier, type ClanWarOutcome } from '@khel/core/contract';
import { formatNumber } from '@khel/core/format';
import { localeFor, textsFor } from '../texts.ts';

/** Telegram allows 20 messages a minute in a group: one every 3 s never goes over. */
export const GROUP_NEWS_INTERVAL_MS = 3_000;

export interface RenderedGroupNews {
  text: string;
  button: string;
  /** `clan_<id>`: the clan's page in the Mini App (/discover-clan?clanId=<id>), where members and others land. */
  startParam: string;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * One group news in the clan chief's language (the group's language is not known; the chief's is the best guess)
 * with a button into the clan's page. Payloads come from the API's writer (enqueueClanNews): `memberName`,
 * `questTitle` (or `title`), `tier`, `text`, a war's `opponentName`, `myScore`, `opponentScore`, `outcome`; the clan's name is read at delivery so a renamed clan reads right.
 */
export function renderGroupNews(
  kind: ClanGroupNewsKind,
  payload: Record<string, unknown>,
  clan: { id: string; name: string },
  languageCode: string | null | undefined,
): RenderedGroupNews {
  const texts = textsFor(languageCode ?? undefined).clan;
  const locale = localeFor(languageCode ?? undefined);
  const tier = text(payload.tier);
  const score = (value: unknown) => {
    const n = text(value);
    return n && /^\d+$/.test(n) ? formatNumber(n, locale) : '0';
  };
  const outcome = text(payload.outcome);
  const facts = {
    clan: clan.name,
    member: text(payload.memberName) ?? 'Gamer',
    title: text(payload.questTitle) ?? text(payload.title) ?? 'Khel',
    tier:
      tier && (CLAN_TIERS as readonly string[]).includes(tier) ? texts.tiers[tier as ClanTier] : (tier ?? ''),
    text: text(payload.text) ?? '',
    // A clan war's (war_matched, war_result).
    opponent: text(payload.opponentName) ?? '?',
    mine: score(payload.myScore),
    theirs: score(payload.opponentScore),
    outcome: (outcome === 'won' || outcome === 'lost' ? outcome : 'draw') as ClanWarOutcome,
  };
  return {
    text: kind === 'group_linked' ? texts.groupWelcome(clan.name) : texts.groupNews[kind](facts),
    button: texts.groupNewsButton,
    startParam: `clan_${clan.id}`,
  };
}
