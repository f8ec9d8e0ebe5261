import { formatNumber } from '@khel/core/format';
import { defineNotifications, payloadText } from './kit.ts';

/** Progression: a level reached, with the K-Points reaching it paid; a season's rank paid when it ends. */

export const progressionNotifications = defineNotifications({
  labels: {
    en: {
      level_reached: 'A new level reached, and its K-Points',
      season_reward: 'My season rank paid when a season ends',
    },
    hi: {
      level_reached: 'नया लेवल और उसके K-Points',
      season_reward: 'सीज़न खत्म होने पर मेरी रैंक का इनाम',
    },
    'pt-BR': {
      level_reached: 'Novo nível alcançado e seus K-Points',
      season_reward: 'O prêmio da minha posição quando a temporada acaba',
    },
  },
  // The payload's `level` (the highest reached) and `kpoints` (what the levels reached paid, all told).
  facts: (payload, locale) => {
    const number = (value: unknown) => {
      const text = payloadText(value);
      return text && /^\d+$/.test(text) ? formatNumber(text, locale) : null;
    };
    return {
      level: number(payload.level),
      kpoints: number(payload.kpoints),
      season: number(payload.season),
      rank: number(payload.rank),
    };
  },
  texts: {
    en: {
      level_reached: (f) => ({
        text: f.level
          ? `🎉 Level ${f.level}!${f.kpoints ? ` ${f.kpoints} K-Points are in your balance.` : ''} Keep going: every quest and every day brings the next one closer.`
          : '🎉 You reached a new level! Keep going: every quest and every day brings the next one closer.',
        button: 'See my level',
      }),
      season_reward: (f) => ({
        text:
          f.season && f.rank && f.kpoints
            ? `🏆 Season ${f.season} is over: you finished #${f.rank} and won ${f.kpoints} K-Points. A new season has started, so go for the top again!`
            : '🏆 The season is over and your rank won K-Points. A new season has started, so go for the top again!',
        button: 'See the new season',
      }),
    },
    hi: {
      level_reached: (f) => ({
        text: f.level
          ? `🎉 लेवल ${f.level}!${f.kpoints ? ` ${f.kpoints} K-Points आपके बैलेंस में आ गए।` : ''} ऐसे ही खेलते रहें: हर क्वेस्ट और हर दिन अगला लेवल पास लाता है।`
          : '🎉 आप नए लेवल पर पहुँच गए! ऐसे ही खेलते रहें: हर क्वेस्ट और हर दिन अगला लेवल पास लाता है।',
        button: 'मेरा लेवल देखें',
      }),
      season_reward: (f) => ({
        text:
          f.season && f.rank && f.kpoints
            ? `🏆 सीज़न ${f.season} खत्म: आप #${f.rank} पर रहे और ${f.kpoints} K-Points जीते। नया सीज़न शुरू हो गया है, फिर से टॉप के लिए खेलें!`
            : '🏆 सीज़न खत्म हुआ और आपकी रैंक ने K-Points जीते। नया सीज़न शुरू हो गया है, फिर से टॉप के लिए खेलें!',
        button: 'नया सीज़न देखें',
      }),
    },
    'pt-BR': {
      level_reached: (f) => ({
        text: f.level
          ? `🎉 Nível ${f.level}!${f.kpoints ? ` ${f.kpoints} K-Points já estão no seu saldo.` : ''} Continue assim: cada missão e cada dia deixam o próximo nível mais perto.`
          : '🎉 Você alcançou um novo nível! Continue assim: cada missão e cada dia deixam o próximo nível mais perto.',
        button: 'Ver meu nível',
      }),
      season_reward: (f) => ({
        text:
          f.season && f.rank && f.kpoints
            ? `🏆 A temporada ${f.season} acabou: você terminou em #${f.rank} e ganhou ${f.kpoints} K-Points. Uma nova temporada começou, bora buscar o topo de novo!`
            : '🏆 A temporada acabou e sua posição ganhou K-Points. Uma nova temporada começou, bora buscar o topo de novo!',
        button: 'Ver a nova temporada',
      }),
    },
  },
  // The level card is on the home screen.
  startParam: () => 'home',
});
