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
  // The payload's `streak`: the days claimed in a row up to the last claim (the API writes 2 or more); `freeze`:
  // yesterday was missed and a held streak freeze will cover it when today is claimed.
  facts: (payload, locale) => {
    const streak = payloadText(payload.streak);
    return {
      days: streak && /^\d+$/.test(streak) ? formatNumber(streak, locale) : null,
      freeze: payload.freeze === true ? 'yes' : null,
    };
  },
  texts: {
    en: {
      daily_streak_reminder: (f) => ({
        text: f.freeze
          ? `🧊 You missed yesterday, but a streak freeze will save ${f.days ? `your ${f.days}-day streak` : 'your streak'} if you claim today's reward before midnight.`
          : f.days
            ? `🔥 Your ${f.days}-day streak ends tonight unless you claim today's daily reward. Keep it going!`
            : "🔥 Your streak ends tonight unless you claim today's daily reward. Keep it going!",
        button: 'Claim my reward',
      }),
    },
    hi: {
      daily_streak_reminder: (f) => ({
        text: f.freeze
          ? `🧊 कल का इनाम छूट गया, पर आज आधी रात से पहले इनाम लेंगे तो स्ट्रीक फ़्रीज़ आपकी ${f.days ? `${f.days} दिन की ` : ''}स्ट्रीक बचा लेगा।`
          : f.days
            ? `🔥 आज का इनाम नहीं लिया तो आपकी ${f.days} दिन की स्ट्रीक आज रात टूट जाएगी। अभी लें और स्ट्रीक जारी रखें!`
            : '🔥 आज का इनाम नहीं लिया तो आपकी स्ट्रीक आज रात टूट जाएगी। अभी लें और स्ट्रीक जारी रखें!',
        button: 'इनाम लें',
      }),
    },
    'pt-BR': {
      daily_streak_reminder: (f) => ({
        text: f.freeze
          ? `🧊 Você perdeu ontem, mas uma proteção de sequência salva sua sequência${f.days ? ` de ${f.days} dias` : ''} se você resgatar a recompensa de hoje antes da meia-noite.`
          : f.days
            ? `🔥 Sua sequência de ${f.days} dias acaba hoje à noite se você não resgatar a recompensa de hoje. Resgate agora e mantenha a sequência!`
            : '🔥 Sua sequência acaba hoje à noite se você não resgatar a recompensa de hoje. Resgate agora e mantenha a sequência!',
        button: 'Resgatar recompensa',
      }),
    },
  },
  // The daily reward's card is on the home screen.
  startParam: () => 'home',
});
