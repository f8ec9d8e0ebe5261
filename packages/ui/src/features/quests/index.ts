// @khel/ui/quests: K-Quest (/k-quest/ and the partner hubs, /quest-details/) and every request of the
// quests capability (quest list v2, filters, details by slug, userquest start/live/me/slots/status,
// task validation and proofs, following a hub).
export type { PrimaryAction, PrimaryActionListener } from '../../lib/primary-action.ts';
export { addImageProof, useAddImageProof } from './api/add-image-proof.ts';
export { addLinkProof, useAddLinkProof } from './api/add-link-proof.ts';
export { addTextProof, useAddTextProof } from './api/add-text-proof.ts';
export { getFollowedHubs, setHubFollowed, useFollowedHubs, useSetHubFollowed } from './api/follow-hub.ts';
export { getLiveQuests, useLiveQuests } from './api/get-live-quests.ts';
export { getMyQuests, useMyQuests } from './api/get-my-quests.ts';
export { getProofMethods, useProofMethods } from './api/get-proof-methods.ts';
export { getQuest, useQuest } from './api/get-quest.ts';
export { getQuestFilters, useQuestFilters } from './api/get-quest-filters.ts';
export { getQuestSlots, useQuestSlots } from './api/get-quest-slots.ts';
export { getQuestStatus, useQuestStatus } from './api/get-quest-status.ts';
export { getQuests, type QuestListQuery, useQuests } from './api/get-quests.ts';
export * from './api/quest-keys.ts';
export { startQuest, useStartQuest } from './api/start-quest.ts';
export { useValidateTask, type ValidateTaskInput, validateTask } from './api/validate-task.ts';
export { HubFollowButton } from './components/hub-follow-button.tsx';
export { QuestCard } from './components/quest-card.tsx';
export { QuestDetailsScreen, type QuestDetailsScreenProps } from './components/quest-details-screen.tsx';
export { QuestsScreen, type QuestsScreenProps } from './components/quests-screen.tsx';
