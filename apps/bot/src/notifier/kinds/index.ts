import type { NotificationKind } from '@khel/core/contract';
import { type NotificationGroup, notificationKindsByGroup } from '@khel/core/notification-groups';
import type { BotLocale } from '../../bot-locale.ts';
import { campaignNotifications } from './campaigns.ts';
import { clanWarNotifications } from './clan-wars.ts';
import { clanNotifications } from './clans.ts';
import { dailyRewardNotifications } from './daily-rewards.ts';
import { earningNotifications } from './earnings.ts';
import type { NotificationDeclaration, NotificationWriter } from './kit.ts';
import { klashNotifications } from './klash.ts';
import { kycNotifications } from './kyc.ts';
import { paymentNotifications } from './payments.ts';
import { pogNotifications } from './pog.ts';
import { progressionNotifications } from './progression.ts';
import { questNotifications } from './quests.ts';

/**
 * Every capability's notification kinds as the bot writes them: one line each (a capability's file in
 * this folder declares its kinds' /settings labels, texts and buttons; kit.ts). The kinds themselves
 * are @khel/core's NOTIFICATION_KINDS; a kind no file declares fails to compile below.
 */
const DECLARATIONS = [
  questNotifications,
  paymentNotifications,
  kycNotifications,
  earningNotifications,
  campaignNotifications,
  clanNotifications,
  pogNotifications,
  klashNotifications,
  dailyRewardNotifications,
  progressionNotifications,
  clanWarNotifications,
] as const;

type Declared = (typeof DECLARATIONS)[number] extends infer D
  ? D extends NotificationDeclaration<infer K>
    ? K
    : never
  : never;
// A kind of NOTIFICATION_KINDS that no file above declares makes this line a type error (it names the kind).
const everyKindDeclared: [Exclude<NotificationKind, Declared>] extends [never]
  ? true
  : Exclude<NotificationKind, Declared> = true;
void everyKindDeclared;

/** The declaration of each kind. */
export const DECLARATION_OF = Object.fromEntries(
  DECLARATIONS.flatMap((declaration) =>
    Object.keys(declaration.labels.en).map((kind) => [kind, declaration]),
  ),
) as unknown as Readonly<Record<NotificationKind, NotificationDeclaration>>;

const byLocale =
  <T>(part: (declaration: NotificationDeclaration<never>) => Record<BotLocale, Record<string, T>>) =>
  (locale: BotLocale) =>
    Object.assign({}, ...DECLARATIONS.map((declaration) => part(declaration)[locale])) as Record<
      NotificationKind,
      T
    >;

/** Each kind's name on its /settings switch, in `locale` (texts.ts `settings.kinds`). */
export const notificationLabels = byLocale<string>((declaration) => declaration.labels);

/** Each kind's writer, in `locale`. */
export const notificationWriters = byLocale<NotificationWriter<never>>((declaration) => declaration.texts);

/** The kinds of each /settings group, in NOTIFICATION_KINDS order (the groups are @khel/core's, shared with /profile). */
export function kindsByGroup(): ReadonlyMap<NotificationGroup, NotificationKind[]> {
  return new Map(notificationKindsByGroup());
}
