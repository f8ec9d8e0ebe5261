import { formatNumber } from '@khel/core/format';
import { defineNotifications, itemStartParam, payloadText } from './kit.ts';

/** Campaigns (K-Drop): live, slots running out, finished, raffle won, rewards out, a reward to claim. */

export const campaignNotifications = defineNotifications({
  labels: {
    en: {
      campaign_live: 'Campaigns I asked about going live',
      campaign_slots_low: 'Slots running out on my campaigns',
      campaign_finished: 'Campaign finished',
      raffle_won: 'Raffles I won',
      campaign_rewards_credited: 'Campaign rewards out',
      campaign_claim_available: 'Campaign reward to claim',
    },
    hi: {
      campaign_live: 'जिन कैंपेन के बारे में पूछा, उनका लाइव होना',
      campaign_slots_low: 'मेरे कैंपेन में स्लॉट ख़त्म हो रहे हैं',
      campaign_finished: 'कैंपेन पूरा हुआ',
      raffle_won: 'मेरे जीते रैफ़ल',
      campaign_rewards_credited: 'कैंपेन के इनाम बँटे',
      campaign_claim_available: 'कैंपेन इनाम क्लेम के लिए',
    },
    'pt-BR': {
      campaign_live: 'Campanhas que pedi entrando no ar',
      campaign_slots_low: 'Vagas acabando nas minhas campanhas',
      campaign_finished: 'Campanha concluída',
      raffle_won: 'Sorteios que ganhei',
      campaign_rewards_credited: 'Recompensas de campanha liberadas',
      campaign_claim_available: 'Recompensa de campanha para resgatar',
    },
  },
  facts: (payload, locale) => ({ slotsLeft: formatNumber(payloadText(payload.slotsLeft) ?? '', locale) }),
  texts: {
    en: {
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
    },
    hi: {
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
    },
    'pt-BR': {
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
    },
  },
  // The campaign's own page when the payload names it.
  startParam: (_kind, payload) => {
    return itemStartParam('campaign', payload.campaignSlug, payload.campaignId, 'campaigns');
  },
});
