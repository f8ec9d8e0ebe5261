// @khel/ui/clans: /discover-clan (and a clan's page at ?clanId=<id>, where invites land), /clan-chief/
// (registration with the phone verified in the form, create your clan, the chief's dashboard), /my-clan/
// and every request of the clans capability. The promotion overlay's scheduler is @khel/ui/clan-promo.
export { useAddClanQuest } from './api/add-clan-quest.ts';
export { useAnnounceToClan } from './api/announce-to-clan.ts';
export { useApproveClanRequest } from './api/approve-clan-request.ts';
export { useCancelClanRequest } from './api/cancel-clan-request.ts';
export { useSendClanChiefOtp, useVerifyClanChiefOtp } from './api/clan-chief-otp.ts';
export { clansRootKey } from './api/clan-keys.ts';
export { useCreateClan } from './api/create-clan.ts';
export { useDeleteClan } from './api/delete-clan.ts';
export { useClan } from './api/get-clan.ts';
export { useGlobalClanBoard, useMyClanBoard, usePartnerClanBoard } from './api/get-clan-boards.ts';
export { useClanConfig } from './api/get-clan-config.ts';
export { useClanDashboard } from './api/get-clan-dashboard.ts';
export { useClanMembers } from './api/get-clan-members.ts';
export { useClanPogScores } from './api/get-clan-pog-scores.ts';
export { useClanQuests } from './api/get-clan-quests.ts';
export { useClanRequests } from './api/get-clan-requests.ts';
export { useClanStats } from './api/get-clan-stats.ts';
export { useClanStatus } from './api/get-clan-status.ts';
export { useClans } from './api/get-clans.ts';
export { useRecommendedClans } from './api/get-recommended-clans.ts';
export { useHandOverClan } from './api/hand-over-clan.ts';
export { useJoinClan } from './api/join-clan.ts';
export { useLeaveClan } from './api/leave-clan.ts';
export { useRefuseClanRequest } from './api/refuse-clan-request.ts';
export { useRemoveClanMember } from './api/remove-clan-member.ts';
export { useRemoveClanQuest } from './api/remove-clan-quest.ts';
export { useSaveClanChiefRegistration } from './api/save-clan-chief-registration.ts';
export { useClanSearch } from './api/search-clans.ts';
export { useUpdateClan } from './api/update-clan.ts';
export { useUploadClanImage } from './api/upload-clan-image.ts';
export { ClanChiefScreen } from './components/clan-chief-screen.tsx';
export type { ClanShareOptions } from './components/clan-invite.tsx';
export { DiscoverClanScreen } from './components/discover-clan-screen.tsx';
export { MyClanScreen } from './components/my-clan-screen.tsx';
