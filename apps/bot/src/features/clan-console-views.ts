import type { ClanTier } from '@khel/core/contract';
import { formatNumber } from '@khel/core/format';
import { type Context, InlineKeyboard } from 'grammy';
import type { BotClanConsoleAnswer, KhelApi } from '../khel-api.ts';
import type { BotLocale, BotTexts } from '../texts.ts';
import { encodeClanCallback } from './clan-callbacks.ts';
import { type ClanConsoleKit, DESTINATIONS } from './clan-console-kit.ts';

/** The clan chief's console views: each a message text and its buttons. */
export const MEMBERS_PAGE_SIZE = 8;
/** Requests listed with their buttons at once (the rest follow as these are answered). */
export const REQUESTS_SHOWN = 10;
const BUTTON_NAME_MAX = 24;

/** Counts and points in the reader's number style (@khel/core/format, as the screens and pushes write them). */
export function numberFormat(locale: BotLocale): { format(value: number): string } {
  return { format: (value) => formatNumber(value, locale) };
}

function shortName(name: string): string {
  const chars = [...name.trim()];
  return chars.length > BUTTON_NAME_MAX ? `${chars.slice(0, BUTTON_NAME_MAX - 1).join('')}…` : chars.join('');
}

function personLine(name: string, username: string | null): string {
  return username ? `${name} (@${username})` : name;
}

/** Stats and rank, with the buttons to every part of the console. */
export function consoleView(
  kit: ClanConsoleKit,
  ctx: Context,
  data: BotClanConsoleAnswer,
  texts: BotTexts,
  locale: BotLocale,
) {
  const { clan, stats } = data;
  const n = numberFormat(locale);
  const tier = (t: ClanTier) => texts.clan.tiers[t];
  const base = texts.clan.console({
    clan: clan.clanName,
    tier: tier(stats.tier),
    score: n.format(stats.score),
    rank: stats.rank,
    totalClans: stats.totalClans,
    members: stats.memberCount,
    memberCap: clan.memberCap,
    activeMembers7d: stats.activeMembers7d,
    nextTier: stats.nextTier ? tier(stats.nextTier) : null,
    pointsToNextTier: n.format(stats.pointsToNextTier),
    questsCompleted: stats.questsCompleted,
    pending: data.pendingTotal,
    group: data.telegramGroup?.title ?? null,
  });
  const text = [base, '', warLines(data, texts, locale)].join('\n');
  const clanId = clan.id;
  const keyboard = new InlineKeyboard()
    .text(texts.clan.requestsButton(data.pendingTotal), encodeClanCallback({ action: 'requests', clanId }))
    .text(
      texts.clan.membersButton(data.memberTotal),
      encodeClanCallback({ action: 'members', clanId, page: 1 }),
    )
    .row()
    .text(texts.clan.announceButton, encodeClanCallback({ action: 'announce', clanId }))
    .text(texts.clan.refreshButton, encodeClanCallback({ action: 'home', clanId }))
    .row()
    .add(kit.appButton(ctx, texts.clan.openChiefDashboard, DESTINATIONS.chief));
  return { text, keyboard };
}

/** This week's clan war (both scores, the time left) or why there is none, and the last result. */
export function warLines(
  data: BotClanConsoleAnswer,
  texts: BotTexts,
  locale: BotLocale,
  now = Date.now(),
): string {
  const n = numberFormat(locale);
  const { war, results, noWarReason, rules } = data.war;
  const left = war ? Math.max(0, Date.parse(war.endsAt) - now) : 0;
  const last = results[0];
  return texts.clan.consoleWar({
    current: war
      ? {
          opponent: war.opponent.clanName,
          mine: n.format(war.mine.score),
          theirs: n.format(war.opponent.score),
          days: Math.floor(left / 86_400_000),
          hours: Math.floor(left / 3_600_000) % 24,
          deciding: left === 0,
        }
      : null,
    reason: noWarReason,
    minMembers: rules.minMembers,
    last: last
      ? {
          opponent: last.opponentName,
          mine: n.format(last.myScore),
          theirs: n.format(last.opponentScore),
          outcome: last.outcome,
        }
      : null,
  });
}

/** Pending requests with Approve / Refuse. */
export function requestsView(data: BotClanConsoleAnswer, texts: BotTexts) {
  const clanId = data.clan.id;
  const shown = data.pendingRequests.slice(0, REQUESTS_SHOWN);
  const lines = shown.map((r, i) => `${i + 1}. ${personLine(r.displayName, r.username)}`);
  const text =
    shown.length === 0
      ? texts.clan.noRequests
      : [texts.clan.requestsTitle(data.clan.clanName, shown.length, data.pendingTotal), '', ...lines].join(
          '\n',
        );
  const keyboard = new InlineKeyboard();
  for (const request of shown) {
    const name = shortName(request.displayName);
    keyboard
      .text(
        texts.clan.approve(name),
        encodeClanCallback({ action: 'approve', clanId, userId: request.userId }),
      )
      .text(texts.clan.refuse(name), encodeClanCallback({ action: 'refuse', clanId, userId: request.userId }))
      .row();
  }
  keyboard.text(texts.clan.backButton, encodeClanCallback({ action: 'home', clanId }));
  return { text, keyboard };
}

/** A page of members with Remove (the page before when this one emptied). */
export async function membersView(
  api: KhelApi,
  clan: { id: string; clanName: string },
  page: number,
  texts: BotTexts,
  locale: BotLocale,
) {
  let answer = await api.members(clan.id, page, MEMBERS_PAGE_SIZE);
  if (!answer.ok) return answer;
  const pages = Math.max(1, Math.ceil(answer.data.total / MEMBERS_PAGE_SIZE));
  if (page > pages) {
    // The last page emptied (a removal): show the one before.
    page = pages;
    answer = await api.members(clan.id, page, MEMBERS_PAGE_SIZE);
    if (!answer.ok) return answer;
  }
  const n = numberFormat(locale);
  const { members, total } = answer.data;
  const lines = members.map((m, i) => {
    const place = (page - 1) * MEMBERS_PAGE_SIZE + i + 1;
    const role = m.role === 'Chief' ? ` · 👑 ${texts.clan.chief}` : '';
    return `${place}. ${personLine(m.displayName, m.username)} · ${texts.clan.points(n.format(m.points))}${role}`;
  });
  const text = [texts.clan.membersTitle(clan.clanName, page, pages, total), '', ...lines].join('\n');
  const keyboard = new InlineKeyboard();
  for (const member of members) {
    if (member.role === 'Chief') continue;
    keyboard
      .text(
        texts.clan.remove(shortName(member.displayName)),
        encodeClanCallback({ action: 'askRemove', clanId: clan.id, userId: member.userId, page }),
      )
      .row();
  }
  if (pages > 1) {
    if (page > 1)
      keyboard.text(
        texts.clan.previous,
        encodeClanCallback({ action: 'members', clanId: clan.id, page: page - 1 }),
      );
    if (page < pages)
      keyboard.text(
        texts.clan.next,
        encodeClanCallback({ action: 'members', clanId: clan.id, page: page + 1 }),
      );
    keyboard.row();
  }
  keyboard.text(texts.clan.backButton, encodeClanCallback({ action: 'home', clanId: clan.id }));
  return { ok: true as const, data: { text, keyboard, members } };
}
