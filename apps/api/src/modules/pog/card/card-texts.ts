import type { PogBadgeId } from '@khel/core/contract';
/**
 * The words drawn on the POG card images, in the three languages of the product. SPEC ids stay as they
 * are on every card (the score categories HUMAN … SOCIAL, the variants, the themes); everything else is
 * here. Hindi is drawn with the Devanagari fonts (card-image.ts), so any text may be in Devanagari.
 */

export type CardLang = 'en' | 'hi' | 'pt-BR';

export type { PogBadgeId } from '@khel/core/contract';

export interface CardTexts {
  proofOfGamer: string;
  score: string;
  gamerScore: string;
  scores: string;
  badges: string;
  noBadges: string;
  minted: string;
  notMinted: string;
  notMintedHint: string;
  likes: string;
  clan: string;
  noClan: string;
  chain: string;
  network: string;
  tokenId: string;
  transaction: string;
  mintedOn: string;
  soulbound: string;
  shareCta: string;
  badgeNames: Record<PogBadgeId, string>;
}

export const CARD_TEXTS: Record<CardLang, CardTexts> = {
  en: {
    proofOfGamer: 'Proof of Gamer',
    score: 'Score',
    gamerScore: 'Gamer score',
    scores: 'Scores',
    badges: 'Badges',
    noBadges: 'No badges yet',
    minted: 'Minted',
    notMinted: 'Not minted yet',
    notMintedHint: 'This card is not on a chain yet.',
    likes: 'Likes',
    clan: 'Clan',
    noClan: 'No clan',
    chain: 'Chain',
    network: 'Network',
    tokenId: 'Token ID',
    transaction: 'Transaction',
    mintedOn: 'Minted on',
    soulbound: 'Soulbound',
    shareCta: 'Get your POG card on Khel',
    badgeNames: {
      ProofOfCommunity: 'Community',
      ProofOfHuman: 'Human',
      ProofOfPlay: 'Play',
      ProofOfSkill: 'Skill',
      ProofOfSocial: 'Social',
      ProofOfCommerce: 'Commerce',
      TelegramerSocial: 'Telegramer',
      XerSocial: 'Xer',
      DiscorderSocial: 'Discorder',
    },
  },
  hi: {
    proofOfGamer: 'प्रूफ़ ऑफ़ गेमर',
    score: 'स्कोर',
    gamerScore: 'गेमर स्कोर',
    scores: 'स्कोर',
    badges: 'बैज',
    noBadges: 'अभी कोई बैज नहीं',
    minted: 'मिंट हुआ',
    notMinted: 'अभी मिंट नहीं हुआ',
    notMintedHint: 'यह कार्ड अभी चेन पर नहीं है।',
    likes: 'लाइक',
    clan: 'क्लैन',
    noClan: 'कोई क्लैन नहीं',
    chain: 'चेन',
    network: 'नेटवर्क',
    tokenId: 'टोकन ID',
    transaction: 'ट्रांज़ैक्शन',
    mintedOn: 'मिंट की तारीख़',
    soulbound: 'सोलबाउंड',
    shareCta: 'Khel पर अपना POG कार्ड पाएँ',
    badgeNames: {
      ProofOfCommunity: 'कम्युनिटी',
      ProofOfHuman: 'ह्यूमन',
      ProofOfPlay: 'प्ले',
      ProofOfSkill: 'स्किल',
      ProofOfSocial: 'सोशल',
      ProofOfCommerce: 'कॉमर्स',
      TelegramerSocial: 'टेलीग्रामर',
      XerSocial: 'एक्सर',
      DiscorderSocial: 'डिस्कॉर्डर',
    },
  },
  'pt-BR': {
    proofOfGamer: 'Prova de Gamer',
    score: 'Pontuação',
    gamerScore: 'Pontuação gamer',
    scores: 'Pontuações',
    badges: 'Emblemas',
    noBadges: 'Nenhum emblema ainda',
    minted: 'Cunhado',
    notMinted: 'Ainda não cunhado',
    notMintedHint: 'Este cartão ainda não está em uma blockchain.',
    likes: 'Curtidas',
    clan: 'Clã',
    noClan: 'Sem clã',
    chain: 'Blockchain',
    network: 'Rede',
    tokenId: 'ID do token',
    transaction: 'Transação',
    mintedOn: 'Cunhado em',
    soulbound: 'Soulbound',
    shareCta: 'Pegue seu cartão POG no Khel',
    badgeNames: {
      ProofOfCommunity: 'Comunidade',
      ProofOfHuman: 'Humano',
      ProofOfPlay: 'Jogo',
      ProofOfSkill: 'Habilidade',
      ProofOfSocial: 'Social',
      ProofOfCommerce: 'Comércio',
      TelegramerSocial: 'Telegramer',
      XerSocial: 'Xer',
      DiscorderSocial: 'Discorder',
    },
  },
};

const INTL_LOCALE: Record<CardLang, string> = { en: 'en-IN', hi: 'hi-IN', 'pt-BR': 'pt-BR' };

const dateFormats = new Map<CardLang, Intl.DateTimeFormat>();
const countFormats = new Map<CardLang, Intl.NumberFormat>();

/** The mint date as the card prints it (a calendar day in UTC, so every server draws the same card). */
export function formatCardDate(date: Date, lang: CardLang): string {
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[lang], {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(lang, format);
  }
  return Number.isNaN(date.getTime()) ? '—' : format.format(date);
}

/** A count in little room: 950, 12.3K / 12.3 हज़ार / 12,3 mil. */
export function formatCardCount(count: number, lang: CardLang): string {
  let format = countFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], { notation: 'compact', maximumFractionDigits: 1 });
    countFormats.set(lang, format);
  }
  return format.format(Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0);
}
