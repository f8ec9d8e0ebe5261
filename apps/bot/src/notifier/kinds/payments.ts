import { defineNotifications, payloadAmount, payloadText } from './kit.ts';

/**
 * Buying K-Cash: a purchase credited (checkout, or a TON payment seen on the chain); Telegram Stars: a Stars
 * purchase delivered (its receipt: the pack's K-Cash or the store item, the Stars paid) and a Stars payment
 * refunded (sold out, or by support).
 */

export const paymentNotifications = defineNotifications({
  labels: {
    en: {
      deposit_credited: 'K-Cash purchase credited',
      ton_deposit_credited: 'TON payment credited',
      stars_payment: 'Telegram Stars purchases',
      stars_refund: 'Telegram Stars refunds',
    },
    hi: {
      deposit_credited: 'K-Cash की ख़रीद जमा हुई',
      ton_deposit_credited: 'TON भुगतान जमा हुआ',
      stars_payment: 'Telegram Stars से ख़रीद',
      stars_refund: 'Telegram Stars रिफ़ंड',
    },
    'pt-BR': {
      deposit_credited: 'Compra de K-Cash creditada',
      ton_deposit_credited: 'Pagamento em TON creditado',
      stars_payment: 'Compras com Telegram Stars',
      stars_refund: 'Reembolsos de Telegram Stars',
    },
  },
  // The TON that arrived, to its last nanoton (money moved on a chain is read exactly); the Stars paid and, for
  // a store item, what was bought; `soldOut` when the refund is because it sold out.
  facts: (payload, locale) => ({
    ton: payloadAmount(payload.ton, 'TON', locale, 'exact'),
    stars: payloadText(payload.stars) ?? '',
    item: payloadText(payload.itemName),
    soldOut: payload.refundReason === 'sold_out',
  }),
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
      stars_payment: (f) => ({
        text: f.item
          ? `🧾 Receipt: ${f.item}, paid ${f.stars} ⭐. Your code is in the K-Store receipt.`
          : `🧾 Receipt: ${f.kcash ?? ''} K-Cash bought for ${f.stars} ⭐. It is in your wallet now.`,
        button: 'View receipt',
      }),
      stars_refund: (f) => ({
        text: f.soldOut
          ? `↩️ ${f.item ?? 'The item'} sold out just before your payment: your ${f.stars} ⭐ have been refunded.`
          : `↩️ Your payment of ${f.stars} ⭐ for ${f.item ?? `${f.kcash ?? ''} K-Cash`} has been refunded.`,
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
      stars_payment: (f) => ({
        text: f.item
          ? `🧾 रसीद: ${f.item}, ${f.stars} ⭐ में ख़रीदा। आपका कोड K-Store की रसीद में है।`
          : `🧾 रसीद: ${f.stars} ⭐ में ${f.kcash ?? ''} K-Cash ख़रीदा। यह अब आपके वॉलेट में है।`,
        button: 'रसीद देखें',
      }),
      stars_refund: (f) => ({
        text: f.soldOut
          ? `↩️ आपके भुगतान से ठीक पहले ${f.item ?? 'आइटम'} ख़त्म हो गया: आपके ${f.stars} ⭐ लौटा दिए गए हैं।`
          : `↩️ ${f.item ?? `${f.kcash ?? ''} K-Cash`} के लिए आपके ${f.stars} ⭐ का भुगतान लौटा दिया गया है।`,
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
      stars_payment: (f) => ({
        text: f.item
          ? `🧾 Recibo: ${f.item}, pago com ${f.stars} ⭐. Seu código está no recibo da K-Store.`
          : `🧾 Recibo: ${f.kcash ?? ''} K-Cash comprados por ${f.stars} ⭐. Já estão na sua carteira.`,
        button: 'Ver recibo',
      }),
      stars_refund: (f) => ({
        text: f.soldOut
          ? `↩️ ${f.item ?? 'O item'} esgotou pouco antes do seu pagamento: suas ${f.stars} ⭐ foram reembolsadas.`
          : `↩️ Seu pagamento de ${f.stars} ⭐ por ${f.item ?? `${f.kcash ?? ''} K-Cash`} foi reembolsado.`,
        button: 'Ver histórico',
      }),
    },
  },
  // A store receipt opens the K-Store (its order is on /purchase-confirmation), the rest the history.
  startParam: (kind, payload) => (kind === 'stars_payment' && payload.itemName ? 'store' : 'history'),
});
