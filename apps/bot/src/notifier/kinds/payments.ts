import { defineNotifications, payloadAmount } from './kit.ts';

/** Buying K-Cash: a purchase credited (checkout, or a TON payment seen on the chain). */

export const paymentNotifications = defineNotifications({
  labels: {
    en: {
      deposit_credited: 'K-Cash purchase credited',
      ton_deposit_credited: 'TON payment credited',
    },
    hi: {
      deposit_credited: 'K-Cash की ख़रीद जमा हुई',
      ton_deposit_credited: 'TON भुगतान जमा हुआ',
    },
    'pt-BR': {
      deposit_credited: 'Compra de K-Cash creditada',
      ton_deposit_credited: 'Pagamento em TON creditado',
    },
  },
  // The TON that arrived, to its last nanoton (money moved on a chain is read exactly).
  facts: (payload, locale) => ({ ton: payloadAmount(payload.ton, 'TON', locale, 'exact') }),
  texts: {
    en: {
      deposit_credited: (f) => ({
        text: `💰 ${f.kcash ?? ''} K-Cash is now in your wallet.`,
        button: 'View history',
      }),
      ton_deposit_credited: (f) => ({
        text: `💎 Your ${f.ton ?? ''} TON arrived: ${f.kcash ?? ''} K-Cash is now in your wallet.`,
        button: 'View history',
      }),
    },
    hi: {
      deposit_credited: (f) => ({
        text: `💰 ${f.kcash ?? ''} K-Cash आपके वॉलेट में आ गया है।`,
        button: 'इतिहास देखें',
      }),
      ton_deposit_credited: (f) => ({
        text: `💎 आपके ${f.ton ?? ''} TON पहुँच गए: ${f.kcash ?? ''} K-Cash आपके वॉलेट में आ गया है।`,
        button: 'इतिहास देखें',
      }),
    },
    'pt-BR': {
      deposit_credited: (f) => ({
        text: `💰 ${f.kcash ?? ''} K-Cash já está na sua carteira.`,
        button: 'Ver histórico',
      }),
      ton_deposit_credited: (f) => ({
        text: `💎 Seus ${f.ton ?? ''} TON chegaram: ${f.kcash ?? ''} K-Cash já está na sua carteira.`,
        button: 'Ver histórico',
      }),
    },
  },
  startParam: () => 'history',
});
