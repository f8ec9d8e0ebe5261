import { formatNumber } from '@khel/core/format';
import { defineNotifications, payloadText } from './kit.ts';

/**
 * Weekly clan wars (issue 26): the week's opponent, and the result, to every member of both clans. Payloads from the
 * API's wars job (apps/api clans/wars.ts): `clanName`, `opponentName`, and for a result `myScore`, `opponentScore`,
 * `outcome` (won, lost, draw) and, for a member who was paid, `xp` and `kpoints`.
 */

export const clanWarNotifications = defineNotifications({
  labels: {
    en: {
      clan_war_matched: "My clan's weekly war opponent",
      clan_war_result: "My clan's weekly war result",
    },
    hi: {
      clan_war_matched: 'मेरे क्लैन का हफ़्ते का वॉर विरोधी',
      clan_war_result: 'मेरे क्लैन के हफ़्ते के वॉर का नतीजा',
    },
    'pt-BR': {
      clan_war_matched: 'O adversário semanal de guerra do meu clã',
      clan_war_result: 'O resultado da guerra semanal do meu clã',
    },
  },
  facts: (payload, locale) => {
    const number = (value: unknown) => {
      const text = payloadText(value);
      return text && /^\d+$/.test(text) ? formatNumber(text, locale) : '0';
    };
    const outcome = payloadText(payload.outcome);
    return {
      clan: payloadText(payload.clanName) ?? 'Khel',
      opponent: payloadText(payload.opponentName) ?? '?',
      mine: number(payload.myScore),
      theirs: number(payload.opponentScore),
      outcome: outcome === 'won' || outcome === 'lost' ? outcome : 'draw',
      xp: payloadText(payload.xp) ? number(payload.xp) : null,
    };
  },
  texts: {
    en: {
      clan_war_matched: (f) => ({
        text: `⚔️ Clan war! This week ${f.clan} takes on ${f.opponent}. Every XP you earn until Sunday night (UTC) counts for your clan.`,
        button: 'See the war',
      }),
      clan_war_result: (f) => ({
        text:
          f.outcome === 'won'
            ? `🏆 ${f.clan} won the clan war against ${f.opponent}, ${f.mine} XP to ${f.theirs}!${f.kpoints && f.xp ? ` You get ${f.xp} XP and ${f.kpoints} K-Points.` : ''}`
            : f.outcome === 'lost'
              ? `⚔️ ${f.clan} lost the clan war to ${f.opponent}, ${f.mine} XP to ${f.theirs}. A new war starts this week: get your crew going!`
              : `🤝 ${f.clan} and ${f.opponent} drew the clan war at ${f.mine} XP each. A draw pays no one; a new war starts this week.`,
        button: 'Open my clan',
      }),
    },
    hi: {
      clan_war_matched: (f) => ({
        text: `⚔️ क्लैन वॉर! इस हफ़्ते ${f.clan} का मुकाबला ${f.opponent} से है। रविवार रात (UTC) तक आपका कमाया हर XP आपके क्लैन के लिए गिना जाएगा।`,
        button: 'वॉर देखें',
      }),
      clan_war_result: (f) => ({
        text:
          f.outcome === 'won'
            ? `🏆 ${f.clan} ने ${f.opponent} के खिलाफ़ क्लैन वॉर जीता, ${f.mine} XP बनाम ${f.theirs}!${f.kpoints && f.xp ? ` आपको ${f.xp} XP और ${f.kpoints} K-Points मिले।` : ''}`
            : f.outcome === 'lost'
              ? `⚔️ ${f.clan} क्लैन वॉर में ${f.opponent} से हार गया, ${f.mine} XP बनाम ${f.theirs}। इस हफ़्ते नया वॉर शुरू है: अपनी टीम को तैयार करें!`
              : `🤝 ${f.clan} और ${f.opponent} का क्लैन वॉर ${f.mine} XP पर बराबर रहा। बराबरी पर किसी को इनाम नहीं मिलता; इस हफ़्ते नया वॉर शुरू है।`,
        button: 'मेरा क्लैन खोलें',
      }),
    },
    'pt-BR': {
      clan_war_matched: (f) => ({
        text: `⚔️ Guerra de clãs! Nesta semana ${f.clan} enfrenta ${f.opponent}. Cada XP que você ganhar até domingo à noite (UTC) conta para o seu clã.`,
        button: 'Ver a guerra',
      }),
      clan_war_result: (f) => ({
        text:
          f.outcome === 'won'
            ? `🏆 ${f.clan} venceu a guerra de clãs contra ${f.opponent}, ${f.mine} XP a ${f.theirs}!${f.kpoints && f.xp ? ` Você ganhou ${f.xp} XP e ${f.kpoints} K-Points.` : ''}`
            : f.outcome === 'lost'
              ? `⚔️ ${f.clan} perdeu a guerra de clãs para ${f.opponent}, ${f.mine} XP a ${f.theirs}. Uma nova guerra começa nesta semana: bora com a galera!`
              : `🤝 ${f.clan} e ${f.opponent} empataram a guerra de clãs com ${f.mine} XP cada. Empate não paga ninguém; uma nova guerra começa nesta semana.`,
        button: 'Abrir meu clã',
      }),
    },
  },
  // The war card is on the member's clan page.
  startParam: () => 'myclan',
});
