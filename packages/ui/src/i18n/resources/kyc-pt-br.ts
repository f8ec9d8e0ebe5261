import type { KycTranslation } from './kyc-en.ts';

export const kycPtBR: KycTranslation = {
  title: 'Verificação de identidade',
  intro:
    'Para resgatar ganhos na Índia, verificamos seu PAN, seu Aadhaar e sua conta bancária com nosso parceiro de verificação. São três passos rápidos.',
  loading: 'Carregando sua verificação…',
  steps: {
    label: 'Etapas da verificação',
    pan: 'PAN',
    aadhaar: 'Aadhaar',
    bank: 'Conta bancária',
  },
  stepOf: 'Etapa {{n}} de 3',
  status: {
    notStarted: 'Não iniciado',
    pending: 'Verificando…',
    verified: 'Verificado',
    rejected: 'Recusado',
  },
  pending: {
    title: 'Verificando…',
    body: 'Nosso parceiro de verificação está conferindo seus dados. Esta página se atualiza sozinha assim que houver uma decisão; você também pode sair e voltar depois.',
    reconnecting: 'Reconectando para receber as atualizações…',
  },
  rejected: {
    title: 'Não conseguimos verificar',
    reason: 'Motivo: {{reason}}',
    noReason: 'O parceiro de verificação não aceitou esses dados.',
    retry: 'Tentar de novo',
  },
  verified: {
    title: 'Verificado',
    justNow: 'Verificação concluída: {{doc}}.',
    justRejected: 'Não foi possível verificar: {{doc}}.',
    continue: 'Continuar: {{doc}}',
  },
  locked: {
    body: 'Comece pelo seu PAN: o nome nos outros documentos é conferido com ele.',
    goToPan: 'Ir para o PAN',
  },
  complete: {
    title: 'Verificação concluída',
    body: 'Seu PAN, seu Aadhaar e sua conta bancária estão verificados. Você já pode resgatar seus ganhos.',
    cta: 'Resgatar ganhos',
  },
  notRequired: {
    title: 'Você não precisa de KYC',
    body: 'A verificação de identidade só é exigida de usuários na Índia. Seus ganhos vão direto para sua carteira de K-Cash.',
    cta: 'Resgatar ganhos',
  },
  details: {
    number: 'Número',
    name: 'Nome',
    holderType: 'Tipo de titular',
    bank: 'Banco',
    ifsc: 'Código IFSC',
    submitted: 'Enviado em',
  },
  pan: {
    title: 'Cartão PAN',
    hint: 'Seu Permanent Account Number (número fiscal indiano), exatamente como está no cartão PAN.',
    number: 'Número PAN',
    numberHint: 'Dez caracteres, por exemplo ABCPE1234F',
    holderType: 'Tipo de titular: {{type}}',
    unknownHolderType: 'A 4ª letra não corresponde a nenhum tipo de titular de PAN.',
    name: 'Nome como no PAN',
    submit: 'Verificar PAN',
    holderTypes: {
      individual: 'Pessoa física',
      company: 'Empresa',
      huf: 'Família hindu indivisa',
      firm: 'Firma',
      aop: 'Associação de pessoas',
      trust: 'Fundo fiduciário',
      boi: 'Grupo de pessoas',
      local_authority: 'Autoridade local',
      artificial_juridical_person: 'Pessoa jurídica artificial',
      government: 'Governo',
    },
    errors: {
      format: 'Informe um PAN válido (por exemplo ABCPE1234F)',
      notIndividual: 'Só um PAN de pessoa física (4ª letra P) pode ser usado para resgatar ganhos.',
      name: 'Informe seu nome como aparece no documento',
    },
  },
  aadhaar: {
    title: 'Aadhaar',
    hint: 'Seu número Aadhaar de 12 dígitos. Ele fica guardado criptografado e só mostramos os 4 últimos dígitos.',
    number: 'Número Aadhaar',
    consent:
      'Concordo em compartilhar meu número Aadhaar com o parceiro de verificação da Khel para verificar minha identidade (KYC).',
    policies:
      'Como guardamos e protegemos seu Aadhaar: veja nossa <privacy>Política de privacidade</privacy> e nossa <aml>Política de AML e KYC</aml>.',
    submit: 'Verificar Aadhaar',
    errors: {
      format: 'Informe um número Aadhaar válido de 12 dígitos',
      checksum: 'Este não é um número Aadhaar válido. Confira os dígitos.',
      consent: 'Concorde em compartilhar seu Aadhaar para a verificação',
    },
  },
  bank: {
    title: 'Conta bancária',
    hint: 'Seus ganhos são pagos nesta conta. O nome do titular precisa ser o mesmo do PAN.',
    accountNumber: 'Número da conta',
    confirmAccountNumber: 'Confirme o número da conta',
    ifsc: 'Código IFSC',
    ifscHint: 'Quatro letras, um zero e mais seis letras ou dígitos, ex.: SBIN0001234',
    holderName: 'Nome do titular',
    submit: 'Verificar conta bancária',
    update: 'Trocar conta bancária',
    updateTitle: 'Nova conta bancária',
    updateHint: 'A nova conta é verificada de novo antes de receber pagamentos.',
    updateSubmit: 'Verificar nova conta',
    cancel: 'Cancelar',
    branch: '{{bank}}, agência {{branch}}',
    errors: {
      account: 'O número da conta deve ter de 9 a 18 dígitos',
      mismatch: 'Os números da conta não são iguais',
      ifsc: 'Informe um código IFSC válido',
      name: 'Informe seu nome como aparece no documento',
    },
  },
};

/** The API's sentences on the KYC screen, in Portuguese (keyed by the exact English; see kyc-texts.test.ts). */
export const kycPtBRApi: Record<string, string> = {
  'Please enter a valid PAN (for example ABCPE1234F)': 'Informe um PAN válido (por exemplo ABCPE1234F)',
  'Only an individual PAN (4th letter P) can be used to collect earnings.':
    'Só um PAN de pessoa física (4ª letra P) pode ser usado para resgatar ganhos.',
  'Please enter your name as it appears on the document': 'Informe seu nome como aparece no documento',
  'Please enter a valid 12-digit Aadhaar number': 'Informe um número Aadhaar válido de 12 dígitos',
  'Please agree to share your Aadhaar for verification':
    'Concorde em compartilhar seu Aadhaar para a verificação',
  'This document is already verified.': 'Este documento já está verificado.',
  'A verification is already in progress. Please wait for it to finish.':
    'Já há uma verificação em andamento. Aguarde até ela terminar.',
  'This document is already verified on another account.':
    'Este documento já está verificado em outra conta.',
  'Please verify your PAN first.': 'Verifique seu PAN primeiro.',
  'Verify a bank account before updating it.': 'Verifique uma conta bancária antes de trocá-la.',
  'KYC is only needed for users in India.': 'O KYC só é exigido de usuários na Índia.',
  'This IFSC code does not match any bank branch':
    'Este código IFSC não corresponde a nenhuma agência bancária',
  'Please enter a valid bank account number': 'Informe um número de conta bancária válido',
  'Please enter a valid IFSC code': 'Informe um código IFSC válido',
  'Bank account number must be 9 to 18 digits': 'O número da conta deve ter de 9 a 18 dígitos',
  'Too many verification attempts. Please try again later.':
    'Muitas tentativas de verificação. Tente de novo mais tarde.',
  'Verification is not available right now. Please try again later.':
    'A verificação não está disponível agora. Tente de novo mais tarde.',
  'The name does not match the name on the PAN.': 'O nome não é igual ao nome no PAN.',
  'No PAN was found with this number.': 'Nenhum PAN foi encontrado com este número.',
  'No Aadhaar was found with this number.': 'Nenhum Aadhaar foi encontrado com este número.',
  'This bank account is closed. Please use another account.':
    'Esta conta bancária está encerrada. Use outra conta.',
  'The account holder name does not match the name on your PAN.':
    'O nome do titular da conta não é igual ao nome no seu PAN.',
  'Your PAN could not be verified, so the account holder name could not be checked.':
    'Seu PAN não pôde ser verificado, então não foi possível conferir o nome do titular da conta.',
};
