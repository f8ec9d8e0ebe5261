import { type CommonFacts, defineNotifications, itemStartParam, payloadText } from './kit.ts';

/** Quests: completed, reward ready, slots running out, a followed hub's new quest. */

const rewardsEn = (f: CommonFacts) =>
  [f.kcash && `${f.kcash} K-Cash`, f.kpoints && `${f.kpoints} K-Points`].filter(Boolean).join(' and ');
const rewardsHi = (f: CommonFacts) =>
  [f.kcash && `${f.kcash} K-Cash`, f.kpoints && `${f.kpoints} K-Points`].filter(Boolean).join(' और ');
const rewardsPt = (f: CommonFacts) =>
  [f.kcash && `${f.kcash} K-Cash`, f.kpoints && `${f.kpoints} K-Points`].filter(Boolean).join(' e ');

export const questNotifications = defineNotifications({
  labels: {
    en: {
      quest_completed: 'Quest completed',
      reward_ready: 'Reward ready to collect',
      quest_slots_low: 'Slots running out on my quests',
      hub_new_quest: 'New quests from hubs I follow',
    },
    hi: {
      quest_completed: 'क्वेस्ट पूरा हुआ',
      reward_ready: 'इनाम लेने के लिए तैयार',
      quest_slots_low: 'मेरे क्वेस्ट में स्लॉट ख़त्म हो रहे हैं',
      hub_new_quest: 'मेरे फ़ॉलो किए हब के नए क्वेस्ट',
    },
    'pt-BR': {
      quest_completed: 'Missão concluída',
      reward_ready: 'Recompensa pronta para resgatar',
      quest_slots_low: 'Vagas acabando nas minhas missões',
      hub_new_quest: 'Novas missões dos hubs que sigo',
    },
  },
  facts: (payload) => ({
    slotsLeft: payloadText(payload.slotsLeft) ?? '',
    hub: payloadText(payload.hubName) ?? 'Khel',
  }),
  texts: {
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
    },
  },
  // A quest's own page when the payload names it; a reward opens the earnings.
  startParam: (kind, payload) => {
    if (kind === 'reward_ready') return 'earnings';
    return itemStartParam('quest', payload.questSlug, payload.questId, 'quests');
  },
});
