import { formatNumber } from '@khel/core/format';
import { defineNotifications, itemStartParam, payloadText } from './kit.ts';

/** Klash tournaments: registration confirmed, starts in 1 hour, your match is ready, cancelled, a clan team entered, results and prizes (payload `event`). */

export const klashNotifications = defineNotifications({
  labels: {
    en: {
      klash: 'Klash tournaments',
    },
    hi: {
      klash: 'Klash टूर्नामेंट',
    },
    'pt-BR': {
      klash: 'Torneios Klash',
    },
  },
  facts: (payload, locale) => ({
    /** What happened (payload `event`), the opponent of a ready match, the final rank, the team and its clan. */
    klashEvent: payloadText(payload.event) ?? '',
    opponent: payloadText(payload.opponent) ?? '',
    rank: formatNumber(payloadText(payload.rank) ?? '', locale),
    team: payloadText(payload.teamName) ?? '',
    clan: payloadText(payload.clanName) ?? 'Khel',
  }),
  texts: {
    en: {
      klash: (f) => ({
        text:
          f.klashEvent === 'registered'
            ? `✅ You're registered for “${f.title}”. We'll remind you an hour before it starts.`
            : f.klashEvent === 'starting'
              ? `⏰ “${f.title}” starts in 1 hour. Get ready!`
              : f.klashEvent === 'match_ready'
                ? `⚔️ Your match in “${f.title}” is ready${f.opponent ? `: you play ${f.opponent}` : ''}. Report the result when you finish.`
                : f.klashEvent === 'cancelled'
                  ? `❌ “${f.title}” was cancelled.${f.kcash ? ` Your entry fee of ${f.kcash} K-Cash is refunded.` : ''}`
                  : f.klashEvent === 'clan_team'
                    ? `🛡️ ${f.team} entered “${f.title}” for ${f.clan}. Cheer them on!`
                    : `🏆 “${f.title}” is over${f.rank ? `: you finished #${f.rank}` : ''}.${f.kcash ? ` You won ${f.kcash} K-Cash: collect it in your earnings.` : ''}`,
        button: 'Open tournament',
      }),
    },
    hi: {
      klash: (f) => ({
        text:
          f.klashEvent === 'registered'
            ? `✅ आप “${f.title}” के लिए पंजीकृत हैं। शुरू होने से एक घंटा पहले हम आपको याद दिलाएँगे।`
            : f.klashEvent === 'starting'
              ? `⏰ “${f.title}” 1 घंटे में शुरू होगा। तैयार हो जाइए!`
              : f.klashEvent === 'match_ready'
                ? `⚔️ “${f.title}” में आपका मैच तैयार है${f.opponent ? `: आपका मुक़ाबला ${f.opponent} से है` : ''}। खेलने के बाद नतीजा बताएँ।`
                : f.klashEvent === 'cancelled'
                  ? `❌ “${f.title}” रद्द हो गया।${f.kcash ? ` आपकी ${f.kcash} K-Cash एंट्री फ़ीस वापस कर दी गई है।` : ''}`
                  : f.klashEvent === 'clan_team'
                    ? `🛡️ ${f.team} ने ${f.clan} के लिए “${f.title}” में एंट्री ली है। उनका हौसला बढ़ाइए!`
                    : `🏆 “${f.title}” ख़त्म हो गया${f.rank ? `: आपकी रैंक #${f.rank} रही` : ''}।${f.kcash ? ` आपने ${f.kcash} K-Cash जीते: इन्हें अपनी कमाई में लें।` : ''}`,
        button: 'टूर्नामेंट खोलें',
      }),
    },
    'pt-BR': {
      klash: (f) => ({
        text:
          f.klashEvent === 'registered'
            ? `✅ Você está inscrito em “${f.title}”. Vamos lembrar você uma hora antes do início.`
            : f.klashEvent === 'starting'
              ? `⏰ “${f.title}” começa em 1 hora. Prepare-se!`
              : f.klashEvent === 'match_ready'
                ? `⚔️ Sua partida em “${f.title}” está pronta${f.opponent ? `: você enfrenta ${f.opponent}` : ''}. Informe o resultado ao terminar.`
                : f.klashEvent === 'cancelled'
                  ? `❌ “${f.title}” foi cancelado.${f.kcash ? ` Sua taxa de inscrição de ${f.kcash} K-Cash foi devolvida.` : ''}`
                  : f.klashEvent === 'clan_team'
                    ? `🛡️ ${f.team} entrou em “${f.title}” por ${f.clan}. Torça por eles!`
                    : `🏆 “${f.title}” terminou${f.rank ? `: você ficou em #${f.rank}` : ''}.${f.kcash ? ` Você ganhou ${f.kcash} K-Cash: resgate em seus ganhos.` : ''}`,
        button: 'Abrir torneio',
      }),
    },
  },
  // The tournament's own page.
  startParam: (_kind, payload) => {
    return itemStartParam('klash', payload.tournamentSlug, payload.tournamentId, 'klash');
  },
});
