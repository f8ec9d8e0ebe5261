import { defineNotifications, itemStartParam, payloadText } from './kit.ts';

/** Clans: join requests and their answers, removals, announcements, clan quests, tiers, deletion, chief changes. */

/**
 * `Asha, Ravi and Joao`, or with more than the names listed, `Asha, Ravi, Joao and 4 more` (`and` and `more` in
 * the reader's words).
 */
function listOf(names: string[], count: number, and: string, more: (n: number) => string): string {
  const rest = count - names.length;
  const items = rest > 0 ? [...names, more(rest)] : names;
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}`;
}

export const clanNotifications = defineNotifications({
  labels: {
    en: {
      clan_join_request: 'Requests to join your clan',
      clan_request_approved: 'Clan request approved',
      clan_request_refused: 'Clan request refused',
      clan_member_removed: 'Removed from a clan',
      clan_announcement: 'Clan announcements',
      clan_quest_added: 'New clan quests',
      clan_quest_completed: 'Clan quest completed',
      clan_tier_reached: 'Clan tier reached',
      clan_deleted: 'Clan deleted',
      clan_chief_handover: 'Clan chief changes',
    },
    hi: {
      clan_join_request: 'आपके क्लैन में जुड़ने के अनुरोध',
      clan_request_approved: 'क्लैन अनुरोध स्वीकार',
      clan_request_refused: 'क्लैन अनुरोध अस्वीकार',
      clan_member_removed: 'क्लैन से हटाया गया',
      clan_announcement: 'क्लैन घोषणाएँ',
      clan_quest_added: 'नए क्लैन क्वेस्ट',
      clan_quest_completed: 'क्लैन क्वेस्ट पूरा',
      clan_tier_reached: 'क्लैन टियर हासिल',
      clan_deleted: 'क्लैन हटाया गया',
      clan_chief_handover: 'क्लैन चीफ़ में बदलाव',
    },
    'pt-BR': {
      clan_join_request: 'Pedidos para entrar no seu clã',
      clan_request_approved: 'Pedido ao clã aprovado',
      clan_request_refused: 'Pedido ao clã recusado',
      clan_member_removed: 'Removido de um clã',
      clan_announcement: 'Avisos do clã',
      clan_quest_added: 'Novas missões do clã',
      clan_quest_completed: 'Missão do clã concluída',
      clan_tier_reached: 'Nível do clã alcançado',
      clan_deleted: 'Clã excluído',
      clan_chief_handover: 'Mudança de chefe do clã',
    },
  },
  facts: (payload) => {
    const member = payloadText(payload.memberName) ?? 'Gamer';
    // A join-request digest (API enqueueDigest): how many asked in its window and the first names.
    const names = Array.isArray(payload.memberNames)
      ? payload.memberNames.map(payloadText).filter((n): n is string => n !== undefined)
      : [];
    const count = typeof payload.count === 'number' && payload.count > 1 ? payload.count : 1;
    return {
      clan: payloadText(payload.clanName) ?? 'Khel',
      member,
      tier: payloadText(payload.tier) ?? '',
      message: payloadText(payload.text) ?? '',
      count,
      names: names.length > 0 ? names : [member],
    };
  },
  texts: {
    en: {
      clan_join_request: (f) => ({
        text:
          f.count === 1
            ? `🙋 ${f.member} asked to join ${f.clan}.`
            : `🙋 ${f.count} gamers asked to join ${f.clan}: ${listOf(f.names, f.count, ' and ', (n) => `${n} more`)}.`,
        button: 'Review requests',
      }),
      clan_request_approved: (f) => ({
        text: `✅ You are now a member of ${f.clan}. Welcome to the crew!`,
        button: 'Open my clan',
      }),
      clan_request_refused: (f) => ({
        text: `${f.clan} did not accept your request this time. Find another clan to join.`,
        button: 'Discover clans',
      }),
      clan_member_removed: (f) => ({
        text: `You were removed from ${f.clan}. You can join another clan.`,
        button: 'Discover clans',
      }),
      clan_announcement: (f) => ({ text: `📣 ${f.clan}: ${f.message}`, button: 'Open my clan' }),
      clan_quest_added: (f) => ({
        text: `🎯 New clan quest in ${f.clan}: “${f.title}”. Every member who completes it counts.`,
        button: 'Open quest',
      }),
      clan_quest_completed: (f) => ({
        text: `🏁 ${f.clan} completed the clan quest “${f.title}”!`,
        button: 'Open my clan',
      }),
      clan_tier_reached: (f) => ({ text: `🏅 ${f.clan} reached ${f.tier} tier!`, button: 'Open my clan' }),
      clan_deleted: (f) => ({
        text: `${f.clan} was deleted by its chief. You can join another clan.`,
        button: 'Discover clans',
      }),
      clan_chief_handover: (f) => ({
        text: `👑 ${f.member} is now the chief of ${f.clan}.`,
        button: 'Open my clan',
      }),
    },
    hi: {
      clan_join_request: (f) => ({
        text:
          f.count === 1
            ? `🙋 ${f.member} ने ${f.clan} में जुड़ने का अनुरोध किया।`
            : `🙋 ${f.count} गेमर्स ने ${f.clan} में जुड़ने का अनुरोध किया: ${listOf(f.names, f.count, ' और ', (n) => `${n} और`)}।`,
        button: 'अनुरोध देखें',
      }),
      clan_request_approved: (f) => ({
        text: `✅ अब आप ${f.clan} के सदस्य हैं। टीम में स्वागत है!`,
        button: 'मेरा क्लैन खोलें',
      }),
      clan_request_refused: (f) => ({
        text: `${f.clan} ने इस बार आपका अनुरोध स्वीकार नहीं किया। जुड़ने के लिए कोई और क्लैन खोजें।`,
        button: 'क्लैन खोजें',
      }),
      clan_member_removed: (f) => ({
        text: `आपको ${f.clan} से हटा दिया गया। आप किसी और क्लैन से जुड़ सकते हैं।`,
        button: 'क्लैन खोजें',
      }),
      clan_announcement: (f) => ({ text: `📣 ${f.clan}: ${f.message}`, button: 'मेरा क्लैन खोलें' }),
      clan_quest_added: (f) => ({
        text: `🎯 ${f.clan} में नया क्लैन क्वेस्ट: “${f.title}”। इसे पूरा करने वाला हर सदस्य गिना जाएगा।`,
        button: 'क्वेस्ट खोलें',
      }),
      clan_quest_completed: (f) => ({
        text: `🏁 ${f.clan} ने क्लैन क्वेस्ट “${f.title}” पूरा किया!`,
        button: 'मेरा क्लैन खोलें',
      }),
      clan_tier_reached: (f) => ({ text: `🏅 ${f.clan} ${f.tier} टियर पर पहुँच गया!`, button: 'मेरा क्लैन खोलें' }),
      clan_deleted: (f) => ({
        text: `${f.clan} को उसके चीफ़ ने हटा दिया। आप किसी और क्लैन से जुड़ सकते हैं।`,
        button: 'क्लैन खोजें',
      }),
      clan_chief_handover: (f) => ({ text: `👑 ${f.member} अब ${f.clan} के चीफ़ हैं।`, button: 'मेरा क्लैन खोलें' }),
    },
    'pt-BR': {
      clan_join_request: (f) => ({
        text:
          f.count === 1
            ? `🙋 ${f.member} pediu para entrar em ${f.clan}.`
            : `🙋 ${f.count} gamers pediram para entrar em ${f.clan}: ${listOf(f.names, f.count, ' e ', (n) => `mais ${n}`)}.`,
        button: 'Ver pedidos',
      }),
      clan_request_approved: (f) => ({
        text: `✅ Agora você é membro de ${f.clan}. Bem-vindo ao time!`,
        button: 'Abrir meu clã',
      }),
      clan_request_refused: (f) => ({
        text: `${f.clan} não aceitou seu pedido desta vez. Encontre outro clã para entrar.`,
        button: 'Descobrir clãs',
      }),
      clan_member_removed: (f) => ({
        text: `Você foi removido de ${f.clan}. Você pode entrar em outro clã.`,
        button: 'Descobrir clãs',
      }),
      clan_announcement: (f) => ({ text: `📣 ${f.clan}: ${f.message}`, button: 'Abrir meu clã' }),
      clan_quest_added: (f) => ({
        text: `🎯 Nova missão do clã em ${f.clan}: “${f.title}”. Cada membro que concluir conta.`,
        button: 'Abrir missão',
      }),
      clan_quest_completed: (f) => ({
        text: `🏁 ${f.clan} concluiu a missão do clã “${f.title}”!`,
        button: 'Abrir meu clã',
      }),
      clan_tier_reached: (f) => ({
        text: `🏅 ${f.clan} alcançou o nível ${f.tier}!`,
        button: 'Abrir meu clã',
      }),
      clan_deleted: (f) => ({
        text: `${f.clan} foi excluído pelo chefe. Você pode entrar em outro clã.`,
        button: 'Descobrir clãs',
      }),
      clan_chief_handover: (f) => ({
        text: `👑 ${f.member} agora é o chefe de ${f.clan}.`,
        button: 'Abrir meu clã',
      }),
    },
  },
  // The member's clan; the clan list for someone no longer in one; a new clan quest's own page.
  startParam: (kind, payload) => {
    switch (kind) {
      // The chief's dashboard, where requests are answered.
      case 'clan_join_request':
        return 'clanchief';
      case 'clan_quest_added':
        return itemStartParam('quest', payload.questSlug, payload.questId, 'myclan');
      case 'clan_request_refused':
      case 'clan_member_removed':
      case 'clan_deleted':
        return 'clans';
      default:
        return 'myclan';
    }
  },
});
