import type { NotificationKind } from '@khel/core/contract';
import { resolveStartParam } from '@khel/core/deep-links';
import { formatAmount } from '@khel/core/format';
import { type BotLocale, localeFor } from '../texts.ts';

/**
 * What each notification kind says, in English, Hindi and Brazilian Portuguese (one table), and which Mini App
 * screen its button opens (a start parameter of the deep-link table in @khel/core/deep-links).
 * Payloads come from the API's outbox writers; amounts are K-Cash/K-Points minor units as strings.
 */

export type NotificationPayload = Record<string, unknown>;

export interface RenderedNotification {
  text: string;
  button: string;
  /** Start parameter of the screen the button opens (`quest_<slug>`, `earnings`, …). */
  startParam: string;
}

interface Facts {
  title: string;
  kcash: string | null;
  kpoints: string | null;
  slotsLeft: string;
  hub: string;
  doc: string;
  ok: boolean;
  /** Clans: the clan's name, who it is about, the tier reached, the chief's announcement. */
  clan: string;
  member: string;
  tier: string;
  message: string;
  /** POG: the card's name and the chain it was minted on (its display name, or empty). */
  pogName: string;
  chain: string;
  /** Klash: what happened (payload `event`), the opponent of a ready match, the final rank, the team. */
  klashEvent: string;
  opponent: string;
  rank: string;
  team: string;
}

type Writer = (f: Facts) => { text: string; button: string };

/** The chains a POG card is minted on (payload `chain`), as people call them. */
const CHAIN_NAMES: Record<string, string> = { evm: 'EVM', ton: 'TON' };

const KYC_DOCS: Record<BotLocale, Record<string, string>> = {
  en: { pan: 'PAN card', aadhaar: 'Aadhaar', bank: 'bank account', other: 'document' },
  hi: { pan: 'PAN कार्ड', aadhaar: 'आधार', bank: 'बैंक खाता', other: 'दस्तावेज़' },
  'pt-BR': { pan: 'cartão PAN', aadhaar: 'Aadhaar', bank: 'conta bancária', other: 'documento' },
};

const rewardsEn = (f: Facts) =>
  [f.kcash && `${f.kcash} K-Cash`, f.kpoints && `${f.kpoints} K-Points`].filter(Boolean).join(' and ');
const rewardsHi = (f: Facts) =>
  [f.kcash && `${f.kcash} K-Cash`, f.kpoints && `${f.kpoints} K-Points`].filter(Boolean).join(' और ');
const rewardsPt = (f: Facts) =>
  [f.kcash && `${f.kcash} K-Cash`, f.kpoints && `${f.kpoints} K-Points`].filter(Boolean).join(' e ');

export const NOTIFICATION_TEXTS: Readonly<Record<BotLocale, Record<NotificationKind, Writer>>> = {
  en: {
    quest_completed: (f) => ({
      text: `🏆 You completed “${f.title}”!${rewardsEn(f) ? ` You earned ${rewardsEn(f)}.` : ''}`,
      button: 'View quest',
    }),
    reward_ready: (f) => ({
      text: `🎁 Your reward for “${f.title}” is ready to collect.`,
      button: 'Collect',
    }),
    quest_slots_low: (f) => ({
      text: `⏳ Only ${f.slotsLeft} slots left on “${f.title}”. Finish it before they run out.`,
      button: 'Open quest',
    }),
    hub_new_quest: (f) => ({ text: `🆕 ${f.hub} has a new quest: “${f.title}”.`, button: 'Open quest' }),
    deposit_credited: (f) => ({
      text: `💰 ${f.kcash ?? ''} K-Cash is now in your wallet.`,
      button: 'View history',
    }),
    kyc_decision: (f) => ({
      text: f.ok
        ? `✅ Your ${f.doc} has been verified.`
        : `❌ Your ${f.doc} could not be verified. Open KYC to see why and try again.`,
      button: 'Open KYC',
    }),
    payout_update: (f) => ({
      text: f.ok
        ? `✅ Your payout of ${f.kcash ?? ''} K-Cash has been paid.`
        : `❌ Your payout of ${f.kcash ?? ''} K-Cash failed. The amount is back in your earnings.`,
      button: 'View earnings',
    }),
    earning_expiring: (f) => ({
      text: `⌛ “${f.title}” (${f.kcash ?? ''} K-Cash) expires in less than a day. Collect it now.`,
      button: 'Collect',
    }),
    campaign_live: (f) => ({ text: `🚀 “${f.title}” is live now. Get started!`, button: 'Open campaign' }),
    campaign_slots_low: (f) => ({
      text: `⏳ Only ${f.slotsLeft} reward slots left on “${f.title}”. Finish your tasks before they run out.`,
      button: 'Open campaign',
    }),
    campaign_finished: (f) => ({
      text: `🏁 You finished every task of “${f.title}”.`,
      button: 'Open campaign',
    }),
    raffle_won: (f) => ({
      text: `🎉 You won the “${f.title}” raffle${f.kcash ? `: ${f.kcash} K-Cash` : ''}! Claim it on the campaign page.`,
      button: 'Claim',
    }),
    campaign_rewards_credited: (f) => ({
      text: `💸 The rewards of “${f.title}” are out. See what you got.`,
      button: 'Open campaign',
    }),
    campaign_claim_available: (f) => ({
      text: `🎁 You have ${f.kcash ? `${f.kcash} K-Cash` : 'a reward'} to claim in “${f.title}”.`,
      button: 'Claim',
    }),
    clan_join_request: (f) => ({
      text: `🙋 ${f.member} asked to join ${f.clan}.`,
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
    pog_minted: (f) => ({
      text: `🎮 Your Proof of Gamer card ${f.pogName} is minted${f.chain ? ` on ${f.chain}` : ''}! Share it in any chat: type @ and the bot's name.`,
      button: 'View my card',
    }),
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
    quest_completed: (f) => ({
      text: `🏆 आपने “${f.title}” पूरा कर लिया!${rewardsHi(f) ? ` आपने ${rewardsHi(f)} कमाए।` : ''}`,
      button: 'क्वेस्ट देखें',
    }),
    reward_ready: (f) => ({ text: `🎁 “${f.title}” का आपका इनाम लेने के लिए तैयार है।`, button: 'इनाम लें' }),
    quest_slots_low: (f) => ({
      text: `⏳ “${f.title}” में सिर्फ़ ${f.slotsLeft} स्लॉट बचे हैं। ख़त्म होने से पहले इसे पूरा करें।`,
      button: 'क्वेस्ट खोलें',
    }),
    hub_new_quest: (f) => ({ text: `🆕 ${f.hub} का नया क्वेस्ट: “${f.title}”।`, button: 'क्वेस्ट खोलें' }),
    deposit_credited: (f) => ({
      text: `💰 ${f.kcash ?? ''} K-Cash आपके वॉलेट में आ गया है।`,
      button: 'इतिहास देखें',
    }),
    kyc_decision: (f) => ({
      text: f.ok
        ? `✅ आपका ${f.doc} सत्यापित हो गया है।`
        : `❌ आपका ${f.doc} सत्यापित नहीं हो सका। कारण देखने और फिर से कोशिश करने के लिए KYC खोलें।`,
      button: 'KYC खोलें',
    }),
    payout_update: (f) => ({
      text: f.ok
        ? `✅ ${f.kcash ?? ''} K-Cash का आपका भुगतान हो गया है।`
        : `❌ ${f.kcash ?? ''} K-Cash का आपका भुगतान विफल रहा। राशि आपकी कमाई में वापस आ गई है।`,
      button: 'कमाई देखें',
    }),
    earning_expiring: (f) => ({
      text: `⌛ “${f.title}” (${f.kcash ?? ''} K-Cash) एक दिन से कम में ख़त्म हो जाएगा। अभी ले लें।`,
      button: 'इनाम लें',
    }),
    campaign_live: (f) => ({ text: `🚀 “${f.title}” अब लाइव है। शुरू करें!`, button: 'कैंपेन खोलें' }),
    campaign_slots_low: (f) => ({
      text: `⏳ “${f.title}” में सिर्फ़ ${f.slotsLeft} इनाम स्लॉट बचे हैं। ख़त्म होने से पहले अपने टास्क पूरे करें।`,
      button: 'कैंपेन खोलें',
    }),
    campaign_finished: (f) => ({
      text: `🏁 आपने “${f.title}” के सारे टास्क पूरे कर लिए।`,
      button: 'कैंपेन खोलें',
    }),
    raffle_won: (f) => ({
      text: `🎉 आपने “${f.title}” का रैफ़ल जीता${f.kcash ? `: ${f.kcash} K-Cash` : ''}! कैंपेन पेज पर इसे क्लेम करें।`,
      button: 'क्लेम करें',
    }),
    campaign_rewards_credited: (f) => ({
      text: `💸 “${f.title}” के इनाम बँट गए हैं। देखें आपको क्या मिला।`,
      button: 'कैंपेन खोलें',
    }),
    campaign_claim_available: (f) => ({
      text: `🎁 “${f.title}” में आपके लिए ${f.kcash ? `${f.kcash} K-Cash` : 'एक इनाम'} क्लेम करने को है।`,
      button: 'क्लेम करें',
    }),
    clan_join_request: (f) => ({
      text: `🙋 ${f.member} ने ${f.clan} में जुड़ने का अनुरोध किया।`,
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
    pog_minted: (f) => ({
      text: `🎮 आपका प्रूफ़ ऑफ़ गेमर कार्ड ${f.pogName}${f.chain ? ` ${f.chain} पर` : ''} मिंट हो गया! इसे किसी भी चैट में शेयर करें: @ और बॉट का नाम लिखें।`,
      button: 'मेरा कार्ड देखें',
    }),
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
    quest_completed: (f) => ({
      text: `🏆 Você concluiu “${f.title}”!${rewardsPt(f) ? ` Você ganhou ${rewardsPt(f)}.` : ''}`,
      button: 'Ver missão',
    }),
    reward_ready: (f) => ({
      text: `🎁 Sua recompensa por “${f.title}” está pronta para resgatar.`,
      button: 'Resgatar',
    }),
    quest_slots_low: (f) => ({
      text: `⏳ Só restam ${f.slotsLeft} vagas em “${f.title}”. Conclua antes que acabem.`,
      button: 'Abrir missão',
    }),
    hub_new_quest: (f) => ({
      text: `🆕 ${f.hub} tem uma nova missão: “${f.title}”.`,
      button: 'Abrir missão',
    }),
    deposit_credited: (f) => ({
      text: `💰 ${f.kcash ?? ''} K-Cash já está na sua carteira.`,
      button: 'Ver histórico',
    }),
    kyc_decision: (f) => ({
      text: f.ok
        ? `✅ Seu ${f.doc} foi verificado.`
        : `❌ Não foi possível verificar seu ${f.doc}. Abra o KYC para ver o motivo e tentar de novo.`,
      button: 'Abrir KYC',
    }),
    payout_update: (f) => ({
      text: f.ok
        ? `✅ Seu saque de ${f.kcash ?? ''} K-Cash foi pago.`
        : `❌ Seu saque de ${f.kcash ?? ''} K-Cash falhou. O valor voltou para os seus ganhos.`,
      button: 'Ver ganhos',
    }),
    earning_expiring: (f) => ({
      text: `⌛ “${f.title}” (${f.kcash ?? ''} K-Cash) expira em menos de um dia. Resgate agora.`,
      button: 'Resgatar',
    }),
    campaign_live: (f) => ({ text: `🚀 “${f.title}” está no ar. Comece já!`, button: 'Abrir campanha' }),
    campaign_slots_low: (f) => ({
      text: `⏳ Só restam ${f.slotsLeft} vagas com recompensa em “${f.title}”. Conclua suas tarefas antes que acabem.`,
      button: 'Abrir campanha',
    }),
    campaign_finished: (f) => ({
      text: `🏁 Você concluiu todas as tarefas de “${f.title}”.`,
      button: 'Abrir campanha',
    }),
    raffle_won: (f) => ({
      text: `🎉 Você ganhou o sorteio de “${f.title}”${f.kcash ? `: ${f.kcash} K-Cash` : ''}! Resgate na página da campanha.`,
      button: 'Resgatar',
    }),
    campaign_rewards_credited: (f) => ({
      text: `💸 As recompensas de “${f.title}” saíram. Veja o que você ganhou.`,
      button: 'Abrir campanha',
    }),
    campaign_claim_available: (f) => ({
      text: `🎁 Você tem ${f.kcash ? `${f.kcash} K-Cash` : 'uma recompensa'} para resgatar em “${f.title}”.`,
      button: 'Resgatar',
    }),
    clan_join_request: (f) => ({
      text: `🙋 ${f.member} pediu para entrar em ${f.clan}.`,
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
    clan_tier_reached: (f) => ({ text: `🏅 ${f.clan} alcançou o nível ${f.tier}!`, button: 'Abrir meu clã' }),
    clan_deleted: (f) => ({
      text: `${f.clan} foi excluído pelo chefe. Você pode entrar em outro clã.`,
      button: 'Descobrir clãs',
    }),
    clan_chief_handover: (f) => ({
      text: `👑 ${f.member} agora é o chefe de ${f.clan}.`,
      button: 'Abrir meu clã',
    }),
    pog_minted: (f) => ({
      text: `🎮 Seu cartão Prova de Gamer ${f.pogName} foi cunhado${f.chain ? ` na ${f.chain}` : ''}! Compartilhe em qualquer conversa: digite @ e o nome do bot.`,
      button: 'Ver meu cartão',
    }),
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
};

/** The screen each kind opens; quests and campaigns open their own details page when the payload names them. */
export function notificationStartParam(kind: NotificationKind, payload: NotificationPayload): string {
  const slug = text(payload.questSlug);
  let param: string;
  switch (kind) {
    case 'quest_completed':
    case 'quest_slots_low':
    case 'hub_new_quest':
      param = slug ? `quest_${slug}` : 'quests';
      break;
    case 'reward_ready':
    case 'earning_expiring':
    case 'payout_update':
      param = 'earnings';
      break;
    case 'deposit_credited':
      param = 'history';
      break;
    case 'kyc_decision':
      param = 'kyc';
      break;
    case 'campaign_live':
    case 'campaign_slots_low':
    case 'campaign_finished':
    case 'raffle_won':
    case 'campaign_rewards_credited':
    case 'campaign_claim_available': {
      const campaign = text(payload.campaignSlug);
      param = campaign ? `campaign_${campaign}` : 'campaigns';
      break;
    }
    case 'clan_join_request':
    case 'clan_request_approved':
    case 'clan_announcement':
    case 'clan_quest_completed':
    case 'clan_tier_reached':
    case 'clan_chief_handover':
      param = 'myclan';
      break;
    case 'clan_quest_added':
      param = slug ? `quest_${slug}` : 'myclan';
      break;
    case 'clan_request_refused':
    case 'clan_member_removed':
    case 'clan_deleted':
      param = 'clans';
      break;
    case 'pog_minted': {
      const name = text(payload.name);
      param = name ? `pog_${name}` : 'pog';
      break;
    }
    case 'klash': {
      const tournament = text(payload.tournamentSlug);
      param = tournament ? `klash_${tournament}` : 'klash';
      break;
    }
  }
  return resolveStartParam(param) ? param : 'home';
}

export function renderNotification(
  kind: NotificationKind,
  payload: NotificationPayload,
  languageCode: string | null | undefined,
): RenderedNotification {
  const locale = localeFor(languageCode ?? undefined);
  const facts: Facts = {
    title:
      text(payload.questTitle) ??
      text(payload.campaignTitle) ??
      text(payload.tournamentTitle) ??
      text(payload.title) ??
      'Khel',
    kcash: amount(payload.kcash, 'KCASH', locale),
    kpoints: amount(payload.kpoints, 'KPOINTS', locale),
    slotsLeft: text(payload.slotsLeft) ?? '',
    hub: text(payload.hubName) ?? 'Khel',
    doc: KYC_DOCS[locale][text(payload.docType) ?? 'other'] ?? (KYC_DOCS[locale].other as string),
    ok: payload.status === 'verified' || payload.status === 'paid',
    clan: text(payload.clanName) ?? 'Khel',
    member: text(payload.memberName) ?? 'Gamer',
    tier: text(payload.tier) ?? '',
    message: text(payload.text) ?? '',
    pogName: text(payload.name) ?? '',
    chain: CHAIN_NAMES[text(payload.chain) ?? ''] ?? '',
    klashEvent: text(payload.event) ?? '',
    opponent: text(payload.opponent) ?? '',
    rank: text(payload.rank) ?? '',
    team: text(payload.teamName) ?? '',
  };
  return { ...NOTIFICATION_TEXTS[locale][kind](facts), startParam: notificationStartParam(kind, payload) };
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function amount(value: unknown, currency: 'KCASH' | 'KPOINTS', locale: BotLocale): string | null {
  const minor = text(value);
  if (!minor || !/^\d+$/.test(minor) || /^0+$/.test(minor)) return null;
  return formatAmount(minor, currency, { grouping: true, locale });
}
