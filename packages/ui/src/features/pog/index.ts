// @khel/ui/pog: Proof of Gamer. /pog (home and marketplace: feeds, likes, referrals), /pog/mint (the mint
// flow the server drives), /my-pog (the dashboard), /pog/leaderboard and /pog-showcase?username=, and
// every request of the pog capability.

export type { PrimaryAction, PrimaryActionListener } from '../../lib/primary-action.ts';
export { useActivateMint } from './api/activate-mint.ts';
export { useNameAvailability } from './api/check-name-available.ts';
export { useGenerateAvatar } from './api/generate-avatar.ts';
export { useMintCatalogue } from './api/get-mint-catalogue.ts';
export { MINT_POLL_MS, useMintStatus } from './api/get-mint-status.ts';
export { useMyPog } from './api/get-my-pog.ts';
export { usePogFeed } from './api/get-pog-feed.ts';
export { usePogLeaderboard } from './api/get-pog-leaderboard.ts';
export { usePogReferrals } from './api/get-pog-referrals.ts';
export { usePogShowcase } from './api/get-pog-showcase.ts';
export { useRandomVariants } from './api/get-random-variants.ts';
export { useMintBack } from './api/go-back.ts';
export { useCardLike } from './api/like-card.ts';
export { pogRootKey } from './api/pog-keys.ts';
export { useQuickMint } from './api/quick-mint.ts';
export { useReserveName } from './api/reserve-name.ts';
export { useSaveCategory } from './api/save-category.ts';
export { useSaveCharacter } from './api/save-character.ts';
export { useSaveStyle } from './api/save-style.ts';
export { useSetMintMode } from './api/set-mint-mode.ts';
export { useShareCard } from './api/share-card.ts';
export { useSkipSelfie } from './api/skip-selfie.ts';
export { useUnlockSlot } from './api/unlock-slot.ts';
export { useUploadSelfie } from './api/upload-selfie.ts';
export { MintScreen, type MintScreenProps } from './components/mint-screen.tsx';
export type { TonWalletSlot, TonWalletSlotProps } from './components/mint-ton.tsx';
export { MyPogScreen } from './components/my-pog-screen.tsx';
export { PogHomeScreen } from './components/pog-home-screen.tsx';
export { PogLeaderboardScreen } from './components/pog-leaderboard-screen.tsx';
export { PogShowcaseScreen } from './components/pog-showcase-screen.tsx';
export type { PogScreenOptions } from './components/share-buttons.tsx';
export {
  type PogTelegramShare,
  PogTelegramShareContext,
} from './components/telegram-share.ts';
