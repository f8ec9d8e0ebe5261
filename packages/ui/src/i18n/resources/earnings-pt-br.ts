import type { ApiMessageTranslations } from '../api-messages.ts';
import type { EarningsTranslation } from './earnings-en.ts';

export const earningsPtBR: EarningsTranslation = {
  title: 'Resgatar ganhos',
  intro: 'Ganhos de quests, campanhas e do seu clã. Resgate antes que expirem.',
  loading: 'Carregando seus ganhos…',
  kcash: '{{amount}} K-Cash',
  boosted: 'Bônus POG +{{percent}}% (era {{base}} K-Cash)',
  summary: {
    label: 'Resumo dos seus ganhos',
    readyToCollect: 'Prontos para resgatar',
    distributing: 'A caminho de você',
    collected: 'Resgatados',
    failed: 'Com falha',
    expired: 'Expirados',
    count: 'Ganhos: {{count, number}}',
  },
  status: {
    READY_TO_COLLECT: 'Pronto para resgatar',
    COLLECTED: 'Resgatado',
    EXPIRED: 'Expirado',
    DISTRIBUTING: 'A caminho de você',
    FAILED: 'Com falha',
  },
  filter: {
    label: 'Mostrar ganhos',
    all: 'Todos',
  },
  list: {
    title: 'Histórico',
    earnedOn: 'Recebido em {{date}}',
    expiresOn: 'Resgate até {{date}}',
    collectedOn: 'Resgatado em {{date}}',
    failedReason: 'A última tentativa falhou: {{reason}}',
    loadMore: 'Mostrar mais',
  },
  actions: {
    collect: 'Resgatar',
    collectAgain: 'Resgatar de novo',
    collectAll: 'Resgatar tudo',
  },
  confirm: {
    title: 'Resgatar seus ganhos',
    loading: 'Calculando quanto você vai receber…',
    earnings: 'Ganhos',
    count: 'Ganhos incluídos: {{count, number}}',
    inRupees: 'Valor em rúpias',
    tds: 'TDS de {{rate}}% (Seção 194BA)',
    net: 'Você recebe',
    destination: 'Pago em',
    bank: '{{bank}} ••••{{last4}}',
    bankAccount: 'Conta bancária ••••{{last4}}',
    wallet: 'Sua carteira de K-Cash',
    verifiedBank: 'Sua conta bancária verificada',
    bankAfterKyc: 'A conta bancária que você verificar no KYC',
    tdsNote:
      'O imposto de renda retido na fonte (TDS) de {{rate}}% sobre os ganhos líquidos é descontado pela Seção 194BA da lei de imposto de renda indiana e recolhido no seu PAN. Ano fiscal {{year}}.',
    exempt:
      'Sem TDS desta vez: seus ganhos líquidos deste mês ({{month}}) estão dentro da isenção mensal de {{limit}}.',
    walletNote: 'O K-Cash resgatado entra na sua carteira na hora.',
    nothing: 'Não há nada pronto para resgatar.',
    kycIncomplete: 'Conclua seu KYC (PAN, Aadhaar e conta bancária) para resgatar ganhos.',
    kycCta: 'Continuar a verificação',
    confirm: 'Confirmar e resgatar',
    cancel: 'Cancelar',
  },
  progress: {
    title: 'Processando seu pagamento…',
    body: 'Enviando {{amount}} para {{destination}}.',
    slow: 'Seu pagamento está demorando mais do que o normal para ser processado.',
  },
  receipt: {
    title: 'Resgatado!',
    wallet: '{{amount}} adicionados à sua carteira de K-Cash.',
    bank: '{{amount}} pagos em {{destination}}.',
    reference: 'Referência',
    done: 'Concluir',
  },
  failed: {
    title: 'O pagamento falhou. Tente de novo!',
    reason: 'Motivo: {{reason}}',
    retry: 'Tentar de novo',
  },
  close: 'Fechar',
};

/** The API's sentences on the earnings screen, in Portuguese (keyed by the exact English; see earnings-texts.test.ts). */
export const earningsPtBRApi: ApiMessageTranslations = {
  EARNING_NOT_FOUND: 'Ganho não encontrado',
  NOTHING_TO_COLLECT: 'Não há nada pronto para resgatar.',
  EARNING_NOT_COLLECTABLE: 'Este ganho não pode ser resgatado.',
  KYC_REQUIRED: 'Conclua seu KYC (PAN, Aadhaar e conta bancária) para resgatar ganhos.',
  PAYOUT_NOT_FOUND: 'Pagamento não encontrado',
  PAYOUT_TOO_SMALL:
    'Este valor é pequeno demais para pagar em conta bancária (mínimo de ₹1). Resgate junto com outros ganhos.',
  PAYOUT_REJECTED: 'O banco do favorecido recusou a transferência',
  PAYOUT_FAILED: 'A transferência bancária falhou.',
  PAYMENT_FAILED: 'O pagamento falhou. Tente de novo!',
  PAYMENT_SLOW: 'Seu pagamento está demorando mais do que o normal para ser processado.',
  IN_PROGRESS: 'Esta solicitação ainda está em andamento',
  IDEMPOTENCY_KEY_REUSED: 'Esta solicitação já foi enviada com outros detalhes. Comece de novo.',
};
