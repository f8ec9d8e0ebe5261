import { formatNumber } from '@khel/core/format';
import { defineNotifications, payloadText } from './kit.ts';

/** Progression: a level reached, with the K-Points reaching it paid. */

export const progressionNotifications = defineNotifications({
  labels: {
    en: { level_reached: 'A new level reached, and its K-Points' },
    hi: { level_reached: 'नया लेवल और उसके K-Points' },
    'pt-BR': { level_reached: 'Novo nível alcançado e seus K-Points' },
  },
  // The payload's `level` (the highest reached) and `kpoints` (what the levels reached paid, all told).
  facts: (payload, locale) => {
    const number = (value: unknown) => {
      const text = payloadText(value);
      return text && /^\d+$/.test(text) ? formatNumber(text, locale) : null;
    };
    return { level: number(payload.level), kpoints: number(payload.kpoints) };
  },
  texts: {
    en: {
      level_reached: (f) => ({
        text: f.level
          ? `🎉 Level ${f.level}!${f.kpoints ? ` ${f.kpoints} K-Points are in your balance.` : ''} Keep going: every quest and every day brings the next one closer.`
          : '🎉 You reached a new level! Keep going: every quest and every day brings the next one closer.',
        button: 'See my level',
      }),
    },
    hi: {
      level_reached: (f) => ({
        text: f.level
          ? `🎉 लेवल ${f.level}!${f.kpoints ? ` ${f.kpoints} K-Points आपके बैलेंस में आ गए।` : ''} ऐसे ही खेलते रहें: हर क्वेस्ट और हर दिन अगला लेवल पास लाता है।`
          : '🎉 आप नए लेवल पर पहुँच गए! ऐसे ही खेलते रहें: हर क्वेस्ट और हर दिन अगला लेवल पास लाता है।',
        button: 'मेरा लेवल देखें',
      }),
    },
    'pt-BR': {
      level_reached: (f) => ({
        text: f.level
          ? `🎉 Nível ${f.level}!${f.kpoints ? ` ${f.kpoints} K-Points já estão no seu saldo.` : ''} Continue assim: cada missão e cada dia deixam o próximo nível mais perto.`
          : '🎉 Você alcançou um novo nível! Continue assim: cada missão e cada dia deixam o próximo nível mais perto.',
        button: 'Ver meu nível',
      }),
    },
  },
  // The level card is on the home screen.
  startParam: () => 'home',
});
