import type { ApiMessageTranslations } from '../api-messages.ts';
import type { StarsTranslation } from './stars-en.ts';

/** The stars part in Brazilian Portuguese (Telegram Stars, K-Cash and K-Store are names and stay as they are). */
export const starsPtBR: StarsTranslation = {
  title: 'Comprar K-Cash com Stars',
  intro:
    'Pague com Telegram Stars, aqui mesmo no Telegram. K-Cash comprado é para a K-Store e o Klash; não pode ser resgatado como ganho.',
  packsTitle: 'Pacotes de K-Cash',
  price: '{{stars}} ⭐',
  buyPack: 'Comprar {{kcash}} por {{stars}} Stars',
  loadFailed: 'Não foi possível carregar os pacotes.',
  none: 'Nenhum pacote à venda agora.',
  opening: 'Abrindo o pagamento no Telegram…',
  confirming: 'Pagamento recebido. Adicionando à sua conta…',
  cancelled: 'Pagamento cancelado. Você não foi cobrado.',
  failed: 'O pagamento não foi concluído. Você não foi cobrado.',
  pending: 'O Telegram ainda está processando seu pagamento. Seu saldo atualiza quando ele for confirmado.',
  refunded: 'Este item esgotou pouco antes do seu pagamento: suas Stars foram reembolsadas.',
  receiptTitle: 'Pagamento concluído!',
  receiptGain: '+{{kcash}}',
  receiptPaid: 'Pago',
  receiptBought: 'Comprado',
  receiptItem: 'Item',
  buyMore: 'Comprar mais',
  storeTitle: 'Pagar com Telegram Stars',
  storeHint: 'Um item, pago no Telegram. O código fica no seu recibo.',
  storeBuy: 'Comprar por {{stars}} ⭐',
  sandboxTitle: 'Pagamento sandbox',
  sandboxText: 'Nenhum token de bot definido: isto substitui a tela de pagamento do Telegram.',
  sandboxPay: 'Pagar {{stars}} ⭐',
  sandboxCancel: 'Cancelar',
};

/** The API's Telegram Stars sentences, in Brazilian Portuguese (keyed by their codes). */
export const starsPtBRApi: ApiMessageTranslations = {
  STARS_PRODUCT_NOT_FOUND: 'Este produto não pode ser comprado com Telegram Stars.',
  STARS_PRICE_CHANGED: 'O preço mudou. Abra a compra de novo.',
  STARS_SOLD_OUT: 'Desculpe, este item acabou de esgotar. Você não foi cobrado.',
  STARS_INVOICE_NOT_FOUND: 'Este pagamento não é conhecido. Abra a compra de novo.',
  STARS_TELEGRAM_REQUIRED: 'Abra o Khel no Telegram para pagar com Telegram Stars.',
  STARS_UNAVAILABLE: 'Pagamentos com Telegram Stars estão indisponíveis agora. Tente de novo mais tarde.',
  STARS_PAYMENT_NOT_FOUND: 'Pagamento em Stars não encontrado',
  STARS_REFUND_KCASH_SPENT:
    'Este pagamento não pode ser reembolsado: o gamer já gastou o K-Cash comprado com ele.',
  STARS_SANDBOX_ONLY: 'Pagamentos só são concluídos aqui no sandbox (sem token de bot).',
};
