import type { TranslationShape } from './en.ts';

/**
 * English texts of the Mini App part (TON wallet sign-in and linking, the settings screen): the reference the other
 * languages match key for key. Loaded with the screens that use them (see text-parts.ts), so they
 * are in neither app's first download.
 */
export const miniappEn = {
  settings: {
    title: 'Settings',
    language: 'Language',
    languageHint:
      'Khel speaks your Telegram language until you choose one here. Your choice is your account’s: the website and the bot’s messages speak it too.',
  },
  ton: {
    title: 'TON wallet',
    linkIntro: 'Connect a TON wallet to this account, then sign in with it too.',
    signInIntro: 'No Telegram sign-in? Use a TON wallet such as Tonkeeper or Wallet in Telegram.',
    connect: 'Connect TON wallet',
    connectAnother: 'Connect another TON wallet',
    preparing: 'Preparing a secure request…',
    verifying: 'Checking your wallet’s proof…',
    linked: 'TON wallet linked: {{address}}',
    errors: {
      noProof: 'Your wallet did not send a proof. Please connect it again.',
      proofRefused: 'Your wallet declined the request.',
      unsupportedNetwork: 'Please switch your wallet to the TON mainnet and try again.',
      stalePayload: 'That request expired. Please connect your wallet again.',
      unavailable: 'TON Connect could not be loaded. Check your connection and try again.',
    },
  },
};

export type MiniappTranslation = TranslationShape<typeof miniappEn>;
