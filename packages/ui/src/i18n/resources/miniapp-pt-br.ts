import type { MiniappTranslation } from './miniapp-en.ts';

export const miniappPtBR: MiniappTranslation = {
  settings: {
    title: 'Configurações',
    language: 'Idioma',
    languageHint:
      'O Khel usa o idioma do seu Telegram até você escolher um aqui. Sua escolha vale para a sua conta: o site e as mensagens do bot também usam esse idioma.',
  },
  ton: {
    title: 'Carteira TON',
    linkIntro: 'Conecte uma carteira TON a esta conta e entre com ela também.',
    signInIntro: 'Sem login pelo Telegram? Use uma carteira TON, como Tonkeeper ou a Wallet do Telegram.',
    connect: 'Conectar carteira TON',
    connectAnother: 'Conectar outra carteira TON',
    preparing: 'Preparando um pedido seguro…',
    verifying: 'Conferindo a prova da sua carteira…',
    linked: 'Carteira TON conectada: {{address}}',
    errors: {
      noProof: 'Sua carteira não enviou a prova. Conecte de novo.',
      proofRefused: 'Sua carteira recusou o pedido.',
      unsupportedNetwork: 'Mude sua carteira para a mainnet da TON e tente de novo.',
      stalePayload: 'Esse pedido expirou. Conecte sua carteira de novo.',
      unavailable: 'Não foi possível carregar o TON Connect. Confira sua conexão e tente de novo.',
    },
  },
};
