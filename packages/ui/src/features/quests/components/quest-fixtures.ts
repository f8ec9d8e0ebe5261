import type { Quest, QuestDetails, QuestStatusView } from '@khel/core/contract';
import { task, userTask } from '../../../test/task-fixtures.ts';

export { task, userTask };

/** Answers of the quests API as the screens' tests put them in the query cache. */
export const HUB = {
  slug: 'dark-throne',
  name: 'Dark Throne',
  tagline: 'A dark-fantasy strategy world of kingdoms and sieges.',
  logoUrl: '/art/hubs/dark-throne-logo.svg',
  bannerUrl: '/art/hubs/dark-throne-banner.svg',
  translations: { hi: { tagline: 'राज्यों और घेराबंदियों की एक अंधेरी दुनिया।' } },
};

export function quest(fields: Partial<Quest> = {}): Quest {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    slug: 'dark-throne-steam-raid',
    title: 'Dark Throne: Steam Raid',
    description: 'Link Steam and give your Steam id to join the raid weekend.',
    coverUrl: '/art/games/dark-throne-sieges.svg',
    hub: HUB,
    game: {
      id: '22222222-2222-4222-8222-222222222222',
      slug: 'dark-throne-sieges',
      name: 'Dark Throne: Sieges',
      coverUrl: '/art/games/dark-throne-sieges.svg',
    },
    status: 'LIVE',
    startsAt: '2026-11-20T00:00:00.000Z',
    endsAt: '2026-12-20T00:00:00.000Z',
    totalSlots: 500,
    remainingSlots: 400,
    featured: false,
    rewards: {
      kpoints: { amount: '90', currency: 'KPOINTS' },
      kcash: { amount: '20000', currency: 'KCASH' },
      rkhel: null,
    },
    taskCount: 3,
    loginMethod: 'steam_id',
    translations: { 'pt-BR': { title: 'Dark Throne: Ataque Steam' } },
    ...fields,
  } as Quest;
}

export const TASK_IDS = [
  'aaaaaaaa-0000-4000-8000-000000000001',
  'aaaaaaaa-0000-4000-8000-000000000002',
  'aaaaaaaa-0000-4000-8000-000000000003',
] as const;

export function details(fields: Partial<QuestDetails> = {}): QuestDetails {
  return {
    ...quest(),
    tasks: [
      task(TASK_IDS[0], {
        type: 'link_steam',
        title: 'Link your Steam account',
        needsAction: true,
        actionUrl: 'https://khel.example/profile',
      }),
      task(TASK_IDS[1], { title: 'Give your Steam id', input: 'login_value', loginMethod: 'steam_id' }),
      task(TASK_IDS[2], {
        type: 'special_code',
        title: 'Raid code',
        input: 'code',
        locked: true,
        proof: 'image',
      }),
    ],
    ...fields,
  };
}

export function status(fields: Partial<QuestStatusView> = {}): QuestStatusView {
  return {
    questId: quest().id,
    status: 'STARTED',
    startedAt: '2026-11-24T00:00:00.000Z',
    completedAt: null,
    completedTasks: 0,
    totalTasks: 3,
    tasks: TASK_IDS.map((id) => userTask(id)),
    rewarded: null,
    ...fields,
  };
}
