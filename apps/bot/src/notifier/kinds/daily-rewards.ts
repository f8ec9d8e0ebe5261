import { formatNumber } from '@khel/core/format';
import { defineNotifications, payloadText } from './kit.ts';

/** Daily rewards: in the gamer's evening, a streak that today's claim would keep going. */

export const dailyRewardNotifications = defineNotifications({
  labels: {
    en: {
      daily_streak_reminder: 'Evening reminder to keep my daily streak',
    },
    hi: {
      daily_streak_reminder: 'रोज़ की स्ट्रीक बचाने के लिए शाम का रिमाइंडर',
    },
    'pt-BR': {
      daily_streak_reminder: 'Lembrete à noite para manter minha sequência diária',
    },
  },
  // The payload's `streak`: the days claimed in a row up to yesterday (the API writes 2 or more).
  facts: (payload, locale) => {
    const streak = payloadText(payload.streak);
    return { days: streak && /^\d+$/.test(streak) ? formatNumber(streak, locale) : null };
  },
  texts: {
    en: {
      daily_streak_reminder: (f) => ({
        text: f.days
          ? `🔥 Your ${f.days}-day streak ends tonight unless you claim today's daily reward. Keep it going!`
          : "🔥 Your streak ends tonight unless you claim today's daily reward. Keep it going!",
        button: 'Claim my reward',
      }),
    },
    hi: {
      daily_streak_reminder: (f) => ({
        text: f.days
          ? `🔥 आज का इनाम नहीं लिया तो आपकी ${f.days} दिन की स्ट्रीक आज रात टूट जाएगी। अभी लें और स्ट्रीक जारी रखें!`
          : '🔥 आज का इनाम नहीं लिया तो आपकी स्ट्रीक आज रात टूट जाएगी। अभी लें और स्ट्रीक जारी रखें!',
        button: 'इनाम लें',
      }),
    },
    'pt-BR': {
      daily_streak_reminder: (f) => ({
        text: f.days
          ? `🔥 Sua sequência de ${f.days} dias acaba hoje à noite se você não resgatar a recompensa de hoje. Resgate agora e mantenha a sequência!`
          : '🔥 Sua sequência acaba hoje à noite se você não resgatar a recompensa de hoje. Resgate agora e mantenha a sequência!',
        button: 'Resgatar recompensa',
      }),
    },
  },
  // The daily reward's card is on the home screen.
  startParam: () => 'home',
});
