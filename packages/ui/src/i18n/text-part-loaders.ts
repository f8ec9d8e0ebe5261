import type { Language } from './languages.ts';
import type { TextPart, TextPartModule, TextParts } from './text-parts.ts';

/**
 * Where each text part's files are, per language. A module of its own, fetched the first time a
 * screen asks for a part (index.html preloads it with the first screen's chunks), so the table and
 * its chunk list stay out of both apps' first download.
 */
export type Loaders = { [P in TextPart]: Record<Language, () => Promise<TextPartModule<TextParts[P]>>> };

export const LOADERS: Loaders = {
  account: {
    en: () => import('./resources/account-en.ts').then((m) => ({ texts: m.accountEn })),
    hi: () =>
      import('./resources/account-hi.ts').then((m) => ({ texts: m.accountHi, apiMessages: m.accountHiApi })),
    'pt-BR': () =>
      import('./resources/account-pt-br.ts').then((m) => ({
        texts: m.accountPtBR,
        apiMessages: m.accountPtBRApi,
      })),
  },
  analytics: {
    en: () => import('./resources/analytics-en.ts').then((m) => ({ texts: m.analyticsEn })),
    hi: () =>
      import('./resources/analytics-hi.ts').then((m) => ({
        texts: m.analyticsHi,
        apiMessages: m.analyticsHiApi,
      })),
    'pt-BR': () =>
      import('./resources/analytics-pt-br.ts').then((m) => ({
        texts: m.analyticsPtBR,
        apiMessages: m.analyticsPtBRApi,
      })),
  },
  campaigns: {
    en: () => import('./resources/campaigns-en.ts').then((m) => ({ texts: m.campaignsEn })),
    hi: () =>
      import('./resources/campaigns-hi.ts').then((m) => ({
        texts: m.campaignsHi,
        apiMessages: m.campaignsHiApi,
      })),
    'pt-BR': () =>
      import('./resources/campaigns-pt-br.ts').then((m) => ({
        texts: m.campaignsPtBR,
        apiMessages: m.campaignsPtBRApi,
      })),
  },
  clans: {
    en: () => import('./resources/clans-en.ts').then((m) => ({ texts: m.clansEn })),
    hi: () =>
      import('./resources/clans-hi.ts').then((m) => ({ texts: m.clansHi, apiMessages: m.clansHiApi })),
    'pt-BR': () =>
      import('./resources/clans-pt-br.ts').then((m) => ({
        texts: m.clansPtBR,
        apiMessages: m.clansPtBRApi,
      })),
  },
  content: {
    en: () => import('./resources/content-en.ts').then((m) => ({ texts: m.contentEn })),
    hi: () =>
      import('./resources/content-hi.ts').then((m) => ({ texts: m.contentHi, apiMessages: m.contentHiApi })),
    'pt-BR': () =>
      import('./resources/content-pt-br.ts').then((m) => ({
        texts: m.contentPtBR,
        apiMessages: m.contentPtBRApi,
      })),
  },
  earnings: {
    en: () => import('./resources/earnings-en.ts').then((m) => ({ texts: m.earningsEn })),
    hi: () =>
      import('./resources/earnings-hi.ts').then((m) => ({
        texts: m.earningsHi,
        apiMessages: m.earningsHiApi,
      })),
    'pt-BR': () =>
      import('./resources/earnings-pt-br.ts').then((m) => ({
        texts: m.earningsPtBR,
        apiMessages: m.earningsPtBRApi,
      })),
  },
  feed: {
    en: () => import('./resources/feed-en.ts').then((m) => ({ texts: m.feedEn })),
    hi: () => import('./resources/feed-hi.ts').then((m) => ({ texts: m.feedHi })),
    'pt-BR': () => import('./resources/feed-pt-br.ts').then((m) => ({ texts: m.feedPtBR })),
  },
  klash: {
    en: () => import('./resources/klash-en.ts').then((m) => ({ texts: m.klashEn })),
    hi: () =>
      import('./resources/klash-hi.ts').then((m) => ({ texts: m.klashHi, apiMessages: m.klashHiApi })),
    'pt-BR': () =>
      import('./resources/klash-pt-br.ts').then((m) => ({
        texts: m.klashPtBR,
        apiMessages: m.klashPtBRApi,
      })),
  },
  kyc: {
    en: () => import('./resources/kyc-en.ts').then((m) => ({ texts: m.kycEn })),
    hi: () => import('./resources/kyc-hi.ts').then((m) => ({ texts: m.kycHi, apiMessages: m.kycHiApi })),
    'pt-BR': () =>
      import('./resources/kyc-pt-br.ts').then((m) => ({ texts: m.kycPtBR, apiMessages: m.kycPtBRApi })),
  },
  miniapp: {
    en: () => import('./resources/miniapp-en.ts').then((m) => ({ texts: m.miniappEn })),
    hi: () => import('./resources/miniapp-hi.ts').then((m) => ({ texts: m.miniappHi })),
    'pt-BR': () => import('./resources/miniapp-pt-br.ts').then((m) => ({ texts: m.miniappPtBR })),
  },
  money: {
    en: () => import('./resources/money-en.ts').then((m) => ({ texts: m.moneyEn })),
    hi: () =>
      import('./resources/money-hi.ts').then((m) => ({ texts: m.moneyHi, apiMessages: m.moneyHiApi })),
    'pt-BR': () =>
      import('./resources/money-pt-br.ts').then((m) => ({ texts: m.moneyPtBR, apiMessages: m.moneyPtBRApi })),
  },
  pog: {
    en: () => import('./resources/pog-en.ts').then((m) => ({ texts: m.pogEn })),
    hi: () => import('./resources/pog-hi.ts').then((m) => ({ texts: m.pogHi, apiMessages: m.pogHiApi })),
    'pt-BR': () =>
      import('./resources/pog-pt-br.ts').then((m) => ({ texts: m.pogPtBR, apiMessages: m.pogPtBRApi })),
  },
  quests: {
    en: () => import('./resources/quests-en.ts').then((m) => ({ texts: m.questsEn })),
    hi: () =>
      import('./resources/quests-hi.ts').then((m) => ({ texts: m.questsHi, apiMessages: m.questsHiApi })),
    'pt-BR': () =>
      import('./resources/quests-pt-br.ts').then((m) => ({
        texts: m.questsPtBR,
        apiMessages: m.questsPtBRApi,
      })),
  },
  transactions: {
    en: () => import('./resources/transactions-en.ts').then((m) => ({ texts: m.transactionsEn })),
    hi: () => import('./resources/transactions-hi.ts').then((m) => ({ texts: m.transactionsHi })),
    'pt-BR': () => import('./resources/transactions-pt-br.ts').then((m) => ({ texts: m.transactionsPtBR })),
  },
  utm: {
    en: () => import('./resources/utm-en.ts').then((m) => ({ texts: m.utmEn })),
    hi: () => import('./resources/utm-hi.ts').then((m) => ({ texts: m.utmHi, apiMessages: m.utmHiApi })),
    'pt-BR': () =>
      import('./resources/utm-pt-br.ts').then((m) => ({ texts: m.utmPtBR, apiMessages: m.utmPtBRApi })),
  },
  users: {
    en: () => import('./resources/users-en.ts').then((m) => ({ texts: m.usersEn })),
    hi: () =>
      import('./resources/users-hi.ts').then((m) => ({ texts: m.usersHi, apiMessages: m.usersHiApi })),
    'pt-BR': () =>
      import('./resources/users-pt-br.ts').then((m) => ({ texts: m.usersPtBR, apiMessages: m.usersPtBRApi })),
  },
};
