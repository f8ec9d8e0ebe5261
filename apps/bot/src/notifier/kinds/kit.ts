import type { NotificationKind } from '@khel/core/contract';
import { type ItemScreen, startParamFor } from '@khel/core/deep-links';
import { formatMoneyAmount, type MoneyPrecision } from '@khel/core/format';
import type { BotLocale } from '../../bot-locale.ts';

/**
 * How a capability declares its notification kinds for the bot (one file per capability in this folder,
 * listed once in index.ts): each kind's name on its /settings switch, what it says in English, Hindi and
 * Brazilian Portuguese, and which Mini App screen its button opens (a start parameter of the deep-link
 * table in @khel/core/deep-links). Payloads come from the API's outbox writers; amounts are
 * K-Cash/K-Points minor units as strings.
 */

export type NotificationPayload = Record<string, unknown>;

/** What every kind may say: the item's title and the amounts it is about. */
export interface CommonFacts {
  /** The payload's `questTitle`, `campaignTitle`, `tournamentTitle` or `title`, in that order ('Khel' without one). */
  title: string;
  /** The payload's `kcash` in whole K-Cash, as a gamer reads it (`8,999,999`). */
  kcash: string | null;
  /** The same to the last minor unit (`8,999,999.999`): only where money leaves (a payout). */
  kcashExact: string | null;
  kpoints: string | null;
}

export type NotificationWriter<F> = (f: F) => { text: string; button: string };

/** A capability's kinds `K`, as defineNotifications makes them. */
export interface NotificationDeclaration<K extends NotificationKind = NotificationKind> {
  /** Each kind's name on its switch in /settings. */
  labels: Readonly<Record<BotLocale, Record<K, string>>>;
  /** What each kind says, given its facts. */
  texts: Readonly<Record<BotLocale, Record<K, NotificationWriter<never>>>>;
  /** The start parameter of the screen the button opens (the notifier opens home when it does not resolve). */
  startParam(kind: K, payload: NotificationPayload): string;
  /** The text and button of one notification, with the common facts already read from its payload. */
  render(
    kind: K,
    payload: NotificationPayload,
    locale: BotLocale,
    common: CommonFacts,
  ): { text: string; button: string };
}

/**
 * Declares a capability's kinds: `facts` reads what its texts say beyond the common facts from the
 * payload (in the reader's language where it matters), and every text gets both.
 */
export function defineNotifications<K extends NotificationKind, F extends object = object>(declaration: {
  labels: Record<BotLocale, Record<K, string>>;
  facts?: (payload: NotificationPayload, locale: BotLocale) => F;
  texts: Record<BotLocale, Record<K, NotificationWriter<CommonFacts & F>>>;
  startParam: (kind: K, payload: NotificationPayload) => string;
}): NotificationDeclaration<K> {
  const { labels, facts, texts, startParam } = declaration;
  return {
    labels,
    texts,
    startParam,
    render: (kind, payload, locale, common) =>
      texts[locale][kind]({ ...common, ...(facts?.(payload, locale) as F) }),
  };
}

/** A payload field as trimmed text (numbers too), or undefined when it is empty or not text. */
export function payloadText(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * The start parameter of the payload's item (`quest_<slug>`, or `quest_<id>` when the slug is too long for
 * Telegram's 64 characters), or `fallback` when the payload names none it can link.
 */
export function itemStartParam(screen: ItemScreen, slug: unknown, id: unknown, fallback: string): string {
  const s = payloadText(slug);
  const i = payloadText(id);
  const name = s ?? i;
  if (!name) return fallback;
  try {
    return startParamFor(screen, { slug: name, id: i ?? '' });
  } catch {
    return fallback;
  }
}

/**
 * A payload amount in minor units, in the reader's number style (@khel/core/format, as the screens write it):
 * K-Cash in whole K-Cash unless `precision` is `'exact'`; null when missing, malformed or zero.
 */
export function payloadAmount(
  value: unknown,
  currency: 'KCASH' | 'KPOINTS' | 'TON',
  locale: BotLocale,
  precision: MoneyPrecision = 'whole',
): string | null {
  const minor = payloadText(value);
  if (!minor || !/^\d+$/.test(minor) || /^0+$/.test(minor)) return null;
  return formatMoneyAmount({ amount: minor, currency }, locale, precision);
}
