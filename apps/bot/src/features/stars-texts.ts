import type { BotLocale } from '../bot-locale.ts';

/** What the bot says about Telegram Stars payments, in English, Hindi and Brazilian Portuguese. */
export interface StarsTexts {
  /** A pre-checkout refused by the API, by its code (shown by Telegram on the payment sheet; at most 255 characters). */
  refusals: Record<
    'STARS_PRODUCT_NOT_FOUND' | 'STARS_PRICE_CHANGED' | 'STARS_SOLD_OUT' | 'STARS_INVOICE_NOT_FOUND',
    string
  >;
  /** The API did not answer in time, or could not check the order: the payment is not taken. */
  unavailable: string;
  /** The payment arrived but could not be booked yet (retried; support has the charge id). */
  paymentDelayed: string;
  /** `/buy`: the packs, each a button. */
  choosePack: string;
  /** `kcash` with its unit (`1.000 K-Cash`). */
  packButton: (kcash: string, stars: number) => string;
  noPacks: string;
  /** `/buy` from a Telegram account with no Khel account yet. */
  notLinked: string;
  /** `/paysupport` (Telegram's payment rules ask every bot that sells for Stars to answer it): where to write. */
  paySupport: (email: string) => string;
}

const en: StarsTexts = {
  refusals: {
    STARS_PRODUCT_NOT_FOUND: 'This product cannot be bought with Telegram Stars any more.',
    STARS_PRICE_CHANGED: 'The price has changed. Please open the purchase again.',
    STARS_SOLD_OUT: 'Sorry, this item has just sold out. You have not been charged.',
    STARS_INVOICE_NOT_FOUND: 'This payment is not known. Please open the purchase again in Khel.',
  },
  unavailable: 'Khel could not confirm this order right now, so you have not been charged. Please try again.',
  paymentDelayed:
    'Your payment arrived. It is taking longer than usual to add it to your account: it will be there soon.',
  choosePack: 'Buy K-Cash with Telegram Stars. Choose a pack:',
  packButton: (kcash, stars) => `${kcash} · ${stars} ⭐`,
  noPacks: 'No K-Cash packs are on sale right now.',
  notLinked: 'Open Khel first (the menu button of this chat) so your purchase has an account to go to.',
  paySupport: (email) =>
    `Help with a payment in Telegram Stars: write to ${email} with the date, what you bought and the receipt Khel sent you in this chat. The transaction history on Khel's home screen lists every purchase. A payment that did not reach your account is checked and its Stars refunded.`,
};

const hi: StarsTexts = {
  refusals: {
    STARS_PRODUCT_NOT_FOUND: 'यह चीज़ अब Telegram Stars से नहीं ख़रीदी जा सकती।',
    STARS_PRICE_CHANGED: 'क़ीमत बदल गई है। कृपया ख़रीद फिर से खोलें।',
    STARS_SOLD_OUT: 'माफ़ करें, यह आइटम अभी-अभी ख़त्म हो गया। आपसे कोई शुल्क नहीं लिया गया।',
    STARS_INVOICE_NOT_FOUND: 'यह भुगतान पहचाना नहीं गया। कृपया Khel में ख़रीद फिर से खोलें।',
  },
  unavailable: 'Khel अभी यह ऑर्डर पक्का नहीं कर सका, इसलिए आपसे शुल्क नहीं लिया गया। कृपया फिर से कोशिश करें।',
  paymentDelayed: 'आपका भुगतान मिल गया है। इसे आपके खाते में जोड़ने में सामान्य से ज़्यादा समय लग रहा है: यह जल्द ही दिखेगा।',
  choosePack: 'Telegram Stars से K-Cash ख़रीदें। एक पैक चुनें:',
  packButton: (kcash, stars) => `${kcash} · ${stars} ⭐`,
  noPacks: 'अभी कोई K-Cash पैक बिक्री पर नहीं है।',
  notLinked: 'पहले Khel खोलें (इस चैट का मेन्यू बटन), ताकि आपकी ख़रीद आपके खाते में जाए।',
  paySupport: (email) =>
    `Telegram Stars से किसी भुगतान में मदद के लिए ${email} पर लिखें: तारीख़, आपने क्या ख़रीदा और वह रसीद जो Khel ने आपको इस चैट में भेजी। Khel की होम स्क्रीन पर लेन-देन का इतिहास हर ख़रीद दिखाता है। जो भुगतान आपके खाते में नहीं पहुँचा, उसकी जाँच होती है और उसके Stars लौटाए जाते हैं।`,
};

const ptBR: StarsTexts = {
  refusals: {
    STARS_PRODUCT_NOT_FOUND: 'Este produto não pode mais ser comprado com Telegram Stars.',
    STARS_PRICE_CHANGED: 'O preço mudou. Abra a compra de novo.',
    STARS_SOLD_OUT: 'Desculpe, este item acabou de esgotar. Você não foi cobrado.',
    STARS_INVOICE_NOT_FOUND: 'Este pagamento não é conhecido. Abra a compra de novo no Khel.',
  },
  unavailable: 'O Khel não conseguiu confirmar este pedido agora, então você não foi cobrado. Tente de novo.',
  paymentDelayed:
    'Seu pagamento chegou. Está demorando mais que o normal para entrar na sua conta: logo estará lá.',
  choosePack: 'Compre K-Cash com Telegram Stars. Escolha um pacote:',
  packButton: (kcash, stars) => `${kcash} · ${stars} ⭐`,
  noPacks: 'Nenhum pacote de K-Cash à venda agora.',
  notLinked: 'Abra o Khel primeiro (o botão de menu deste chat) para sua compra ter uma conta de destino.',
  paySupport: (email) =>
    `Ajuda com um pagamento em Telegram Stars: escreva para ${email} com a data, o que você comprou e o recibo que o Khel enviou neste chat. O histórico de transações na tela inicial do Khel mostra todas as compras. Um pagamento que não chegou à sua conta é verificado e as Stars são devolvidas.`,
};

export const STARS_TEXTS: Readonly<Record<BotLocale, StarsTexts>> = { en, hi, 'pt-BR': ptBR };
