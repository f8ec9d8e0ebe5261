import type { NotificationKind } from '@khel/core/contract';
import { resolveStartParam } from '@khel/core/deep-links';
import type { BotLocale } from '../bot-locale.ts';
import { localeFor } from '../texts.ts';
import { DECLARATION_OF, notificationWriters } from './kinds/index.ts';
import {
  type CommonFacts,
  type NotificationPayload,
  type NotificationWriter,
  payloadAmount,
  payloadText,
} from './kinds/kit.ts';

/**
 * What a notification says and which Mini App screen its button opens. Each capability declares its
 * kinds' texts (en, hi, pt-BR), buttons and screens in its own file under kinds/ (listed in
 * kinds/index.ts); this file reads the common facts from the payload and asks the kind's declaration.
 */

export type { NotificationPayload };

export interface RenderedNotification {
  text: string;
  button: string;
  /** Start parameter of the screen the button opens (`quest_<slug>`, `earnings`, …). */
  startParam: string;
}

/** Every kind's writer, by language (each capability's, from kinds/). */
export const NOTIFICATION_TEXTS: Readonly<
  Record<BotLocale, Record<NotificationKind, NotificationWriter<never>>>
> = {
  en: notificationWriters('en'),
  hi: notificationWriters('hi'),
  'pt-BR': notificationWriters('pt-BR'),
};

/** The screen each kind opens (its declaration's); home when that is not a screen of the deep-link table. */
export function notificationStartParam(kind: NotificationKind, payload: NotificationPayload): string {
  const param = DECLARATION_OF[kind].startParam(kind, payload);
  return resolveStartParam(param) ? param : 'home';
}

export function renderNotification(
  kind: NotificationKind,
  payload: NotificationPayload,
  languageCode: string | null | undefined,
): RenderedNotification {
  const locale = localeFor(languageCode);
  const common: CommonFacts = {
    title:
      payloadText(payload.questTitle) ??
      payloadText(payload.campaignTitle) ??
      payloadText(payload.tournamentTitle) ??
      payloadText(payload.title) ??
      'Khel',
    kcash: payloadAmount(payload.kcash, 'KCASH', locale),
    kcashExact: payloadAmount(payload.kcash, 'KCASH', locale, 'exact'),
    kpoints: payloadAmount(payload.kpoints, 'KPOINTS', locale),
  };
  return {
    ...DECLARATION_OF[kind].render(kind, payload, locale, common),
    startParam: notificationStartParam(kind, payload),
  };
}
