import { defineNotifications } from './kit.ts';

/** Buying K-Cash: a purchase credited. */

export const paymentNotifications = defineNotifications({
  labels: {
    en: {
      deposit_credited: 'K-Cash purchase credited',
    },
    hi: {
      deposit_credited: 'K-Cash की ख़रीद जमा हुई',
    },
    'pt-BR': {
      deposit_credited: 'Compra de K-Cash creditada',
    },
  },
  texts: {
    en: {
      deposit_credited: (f) => ({
        text: `💰 ${f.kcash ?? ''} K-Cash is now in your wallet.`,
        button: 'View history',
      }),
    },
    hi: {
      deposit_credited: (f) => ({
        text: `💰 ${f.kcash ?? ''} K-Cash आपके वॉलेट में आ गया है।`,
        button: 'इतिहास देखें',
      }),
    },
    'pt-BR': {
      deposit_credited: (f) => ({
        text: `💰 ${f.kcash ?? ''} K-Cash já está na sua carteira.`,
        button: 'Ver histórico',
      }),
    },
  },
  startParam: () => 'history',
});
