import type { Language } from './languages.ts';
import type { AccountTranslation } from './resources/account-en.ts';
import type { AnalyticsTranslation } from './resources/analytics-en.ts';
import type { CampaignsTranslation } from './resources/campaigns-en.ts';
import type { ClansTranslation } from './resources/clans-en.ts';
import type { ContentTranslation } from './resources/content-en.ts';
import type { EarningsTranslation } from './resources/earnings-en.ts';
import type { FeedTranslation } from './resources/feed-en.ts';
import type { KlashTranslation } from './resources/klash-en.ts';
import type { KycTranslation } from './resources/kyc-en.ts';
import type { MiniappTranslation } from './resources/miniapp-en.ts';
import type { MoneyTranslation } from './resources/money-en.ts';
import type { PogTranslation } from './resources/pog-en.ts';
import type { QuestsTranslation } from './resources/quests-en.ts';
import type { ReferralsTranslation } from './resources/referrals-en.ts';
import type { StarsTranslation } from './resources/stars-en.ts';
import type { TransactionsTranslation } from './resources/transactions-en.ts';
import type { UsersTranslation } from './resources/users-en.ts';
import type { UtmTranslation } from './resources/utm-en.ts';
import type { TextPartModule } from './text-parts.ts';

/** A part's files: one loader per language, each giving texts of the part's type (its English texts' shape). */
export type PartLoaders<T> = Record<Language, () => Promise<TextPartModule<T>>>;
const part = <T>(loaders: PartLoaders<T>): PartLoaders<T> => loaders;

/**
 * Where each text part's files are, per language: the one list of parts (text-parts.ts `TextParts`
 * takes the parts and their types from it). A module of its own, fetched the first time a screen asks
 * for a part (index.html preloads it with the first screen's chunks), so the table and its chunk list
 * stay out of both apps' first download.
 */
export const LOADERS = {
  account: part<AccountTranslation>({
    en: () => import('./resources/account-en.ts').then((m) => ({ texts: m.accountEn })),
    hi: () =>
      import('./resources/account-hi.ts').then((m) => ({ texts: m.accountHi, apiMessages: m.accountHiApi })),
    'pt-BR': () =>
      import('./resources/account-pt-br.ts').then((m) => ({
        texts: m.accountPtBR,
        apiMessages: m.accountPtBRApi,
      })),
  }),
  analytics: part<AnalyticsTranslation>({
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
  }),
  campaigns: part<CampaignsTranslation>({
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
  }),
  clans: part<ClansTranslation>({
    en: () => import('./resources/clans-en.ts').then((m) => ({ texts: m.clansEn })),
    hi: () =>
      import('./resources/clans-hi.ts').then((m) => ({ texts: m.clansHi, apiMessages: m.clansHiApi })),
    'pt-BR': () =>
      import('./resources/clans-pt-br.ts').then((m) => ({
        texts: m.clansPtBR,
        apiMessages: m.clansPtBRApi,
      })),
  }),
  content: part<ContentTranslation>({
    en: () => import('./resources/content-en.ts').then((m) => ({ texts: m.contentEn })),
    hi: () =>
      import('./resources/content-hi.ts').then((m) => ({ texts: m.contentHi, apiMessages: m.contentHiApi })),
    'pt-BR': () =>
      import('./resources/content-pt-br.ts').then((m) => ({
        texts: m.contentPtBR,
        apiMessages: m.contentPtBRApi,
      })),
  }),
  earnings: part<EarningsTranslation>({
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
  }),
  feed: part<FeedTranslation>({
    en: () => import('./resources/feed-en.ts').then((m) => ({ texts: m.feedEn })),
    hi: () => import('./resources/feed-hi.ts').then((m) => ({ texts: m.feedHi, apiMessages: m.feedHiApi })),
    'pt-BR': () =>
      import('./resources/feed-pt-br.ts').then((m) => ({ texts: m.feedPtBR, apiMessages: m.feedPtBRApi })),
  }),
  klash: part<KlashTranslation>({
    en: () => import('./resources/klash-en.ts').then((m) => ({ texts: m.klashEn })),
    hi: () =>
      import('./resources/klash-hi.ts').then((m) => ({ texts: m.klashHi, apiMessages: m.klashHiApi })),
    'pt-BR': () =>
      import('./resources/klash-pt-br.ts').then((m) => ({
        texts: m.klashPtBR,
        apiMessages: m.klashPtBRApi,
      })),
  }),
  kyc: part<KycTranslation>({
    en: () => import('./resources/kyc-en.ts').then((m) => ({ texts: m.kycEn })),
    hi: () => import('./resources/kyc-hi.ts').then((m) => ({ texts: m.kycHi, apiMessages: m.kycHiApi })),
    'pt-BR': () =>
      import('./resources/kyc-pt-br.ts').then((m) => ({ texts: m.kycPtBR, apiMessages: m.kycPtBRApi })),
  }),
  miniapp: part<MiniappTranslation>({
    en: () => import('./resources/miniapp-en.ts').then((m) => ({ texts: m.miniappEn })),
    hi: () => import('./resources/miniapp-hi.ts').then((m) => ({ texts: m.miniappHi })),
    'pt-BR': () => import('./resources/miniapp-pt-br.ts').then((m) => ({ texts: m.miniappPtBR })),
  }),
  money: part<MoneyTranslation>({
    en: () => import('./resources/money-en.ts').then((m) => ({ texts: m.moneyEn })),
    hi: () =>
      import('./resources/money-hi.ts').then((m) => ({ texts: m.moneyHi, apiMessages: m.moneyHiApi })),
    'pt-BR': () =>
      import('./resources/money-pt-br.ts').then((m) => ({ texts: m.moneyPtBR, apiMessages: m.moneyPtBRApi })),
  }),
  stars: part<StarsTranslation>({
    en: () => import('./resources/stars-en.ts').then((m) => ({ texts: m.starsEn })),
    hi: () =>
      import('./resources/stars-hi.ts').then((m) => ({ texts: m.starsHi, apiMessages: m.starsHiApi })),
    'pt-BR': () =>
      import('./resources/stars-pt-br.ts').then((m) => ({ texts: m.starsPtBR, apiMessages: m.starsPtBRApi })),
  }),
  pog: part<PogTranslation>({
    en: () => import('./resources/pog-en.ts').then((m) => ({ texts: m.pogEn })),
    hi: () => import('./resources/pog-hi.ts').then((m) => ({ texts: m.pogHi, apiMessages: m.pogHiApi })),
    'pt-BR': () =>
      import('./resources/pog-pt-br.ts').then((m) => ({ texts: m.pogPtBR, apiMessages: m.pogPtBRApi })),
  }),
  quests: part<QuestsTranslation>({
    en: () => import('./resources/quests-en.ts').then((m) => ({ texts: m.questsEn })),
    hi: () =>
      import('./resources/quests-hi.ts').then((m) => ({ texts: m.questsHi, apiMessages: m.questsHiApi })),
    'pt-BR': () =>
      import('./resources/quests-pt-br.ts').then((m) => ({
        texts: m.questsPtBR,
        apiMessages: m.questsPtBRApi,
      })),
  }),
  referrals: part<ReferralsTranslation>({
    en: () => import('./resources/referrals-en.ts').then((m) => ({ texts: m.referralsEn })),
    hi: () => import('./resources/referrals-hi.ts').then((m) => ({ texts: m.referralsHi })),
    'pt-BR': () => import('./resources/referrals-pt-br.ts').then((m) => ({ texts: m.referralsPtBR })),
  }),
  transactions: part<TransactionsTranslation>({
    en: () => import('./resources/transactions-en.ts').then((m) => ({ texts: m.transactionsEn })),
    hi: () => import('./resources/transactions-hi.ts').then((m) => ({ texts: m.transactionsHi })),
    'pt-BR': () => import('./resources/transactions-pt-br.ts').then((m) => ({ texts: m.transactionsPtBR })),
  }),
  utm: part<UtmTranslation>({
    en: () => import('./resources/utm-en.ts').then((m) => ({ texts: m.utmEn })),
    hi: () => import('./resources/utm-hi.ts').then((m) => ({ texts: m.utmHi, apiMessages: m.utmHiApi })),
    'pt-BR': () =>
      import('./resources/utm-pt-br.ts').then((m) => ({ texts: m.utmPtBR, apiMessages: m.utmPtBRApi })),
  }),
  users: part<UsersTranslation>({
    en: () => import('./resources/users-en.ts').then((m) => ({ texts: m.usersEn })),
    hi: () =>
      import('./resources/users-hi.ts').then((m) => ({ texts: m.usersHi, apiMessages: m.usersHiApi })),
    'pt-BR': () =>
      import('./resources/users-pt-br.ts').then((m) => ({ texts: m.usersPtBR, apiMessages: m.usersPtBRApi })),
  }),
};

export type Loaders = typeof LOADERS;
