import { defineNotifications, payloadText } from './kit.ts';

/** Proof of Gamer: the user's card was minted. */

/** The chains a POG card is minted on (payload `chain`), as people call them. */
const CHAIN_NAMES: Record<string, string> = { evm: 'EVM', ton: 'TON' };

export const pogNotifications = defineNotifications({
  labels: {
    en: {
      pog_minted: 'My POG card minted',
    },
    hi: {
      pog_minted: 'मेरा POG कार्ड मिंट हुआ',
    },
    'pt-BR': {
      pog_minted: 'Meu cartão POG cunhado',
    },
  },
  facts: (payload) => ({
    pogName: payloadText(payload.name) ?? '',
    chain: CHAIN_NAMES[payloadText(payload.chain) ?? ''] ?? '',
  }),
  texts: {
    en: {
      pog_minted: (f) => ({
        text: `🎮 Your Proof of Gamer card ${f.pogName} is minted${f.chain ? ` on ${f.chain}` : ''}! Share it in any chat: type @ and the bot's name.`,
        button: 'View my card',
      }),
    },
    hi: {
      pog_minted: (f) => ({
        text: `🎮 आपका प्रूफ़ ऑफ़ गेमर कार्ड ${f.pogName}${f.chain ? ` ${f.chain} पर` : ''} मिंट हो गया! इसे किसी भी चैट में शेयर करें: @ और बॉट का नाम लिखें।`,
        button: 'मेरा कार्ड देखें',
      }),
    },
    'pt-BR': {
      pog_minted: (f) => ({
        text: `🎮 Seu cartão Prova de Gamer ${f.pogName} foi cunhado${f.chain ? ` na ${f.chain}` : ''}! Compartilhe em qualquer conversa: digite @ e o nome do bot.`,
        button: 'Ver meu cartão',
      }),
    },
  },
  // The card's showcase.
  startParam: (_kind, payload) => {
    const name = payloadText(payload.name);
    return name ? `pog_${name}` : 'pog';
  },
});
