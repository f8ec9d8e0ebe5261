import { defineNotifications } from './kit.ts';

/** Earnings: a payout paid or failed, an earning about to expire. */

export const earningNotifications = defineNotifications({
  labels: {
    en: {
      payout_update: 'Payouts paid or failed',
      earning_expiring: 'Earnings about to expire',
    },
    hi: {
      payout_update: 'भुगतान हुआ या विफल रहा',
      earning_expiring: 'कमाई की समय-सीमा ख़त्म होने वाली है',
    },
    'pt-BR': {
      payout_update: 'Saques pagos ou com falha',
      earning_expiring: 'Ganhos prestes a expirar',
    },
  },
  facts: (payload) => ({ ok: payload.status === 'verified' || payload.status === 'paid' }),
  texts: {
    en: {
      payout_update: (f) => ({
        text: f.ok
          ? `✅ Your payout of ${f.kcashExact ?? ''} K-Cash has been paid.`
          : `❌ Your payout of ${f.kcashExact ?? ''} K-Cash failed. The amount is back in your earnings.`,
        button: 'View earnings',
      }),
      earning_expiring: (f) => ({
        text: `⌛ “${f.title}” (${f.kcash ?? ''} K-Cash) expires in less than a day. Collect it now.`,
        button: 'Collect',
      }),
    },
    hi: {
      payout_update: (f) => ({
        text: f.ok
          ? `✅ ${f.kcashExact ?? ''} K-Cash का आपका भुगतान हो गया है।`
          : `❌ ${f.kcashExact ?? ''} K-Cash का आपका भुगतान विफल रहा। राशि आपकी कमाई में वापस आ गई है।`,
        button: 'कमाई देखें',
      }),
      earning_expiring: (f) => ({
        text: `⌛ “${f.title}” (${f.kcash ?? ''} K-Cash) एक दिन से कम में ख़त्म हो जाएगा। अभी ले लें।`,
        button: 'इनाम लें',
      }),
    },
    'pt-BR': {
      payout_update: (f) => ({
        text: f.ok
          ? `✅ Seu saque de ${f.kcashExact ?? ''} K-Cash foi pago.`
          : `❌ Seu saque de ${f.kcashExact ?? ''} K-Cash falhou. O valor voltou para os seus ganhos.`,
        button: 'Ver ganhos',
      }),
      earning_expiring: (f) => ({
        text: `⌛ “${f.title}” (${f.kcash ?? ''} K-Cash) expira em menos de um dia. Resgate agora.`,
        button: 'Resgatar',
      }),
    },
  },
  startParam: () => 'earnings',
});
