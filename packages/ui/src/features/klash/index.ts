// @khel/ui/klash: the tournament list (/klash, /klash/, /tournaments/), a tournament's page
// (/klash/<slug-or-id>, where startapp=klash_<slug-or-id> lands) and every request of the klash capability.

export type { PrimaryAction } from '../../lib/primary-action.ts';
export { useBracket } from './api/get-bracket.ts';
export { useLeaderboard } from './api/get-leaderboard.ts';
export { useMyMatches } from './api/get-my-matches.ts';
export { useTournament } from './api/get-tournament.ts';
export { useTournaments } from './api/get-tournaments.ts';
export { klashRootKey } from './api/klash-keys.ts';
export { useRegisterForTournament } from './api/register-for-tournament.ts';
export { useReportResult } from './api/report-result.ts';
export { useWithdrawFromTournament } from './api/withdraw-from-tournament.ts';
export { KlashScreen } from './components/klash-screen.tsx';
export { TournamentScreen } from './components/tournament-screen.tsx';
