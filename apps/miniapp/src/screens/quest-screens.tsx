import { GamesScreen, RkadeScreen } from '@khel/ui/games';
import { type PrimaryAction, QuestDetailsScreen, QuestsScreen } from '@khel/ui/quests';
import { useLocation } from '@khel/ui/routing';
import { useState } from 'react';
import { hapticOnGain } from '../haptics.ts';
import { TelegramMainButton } from '../main-button.tsx';
import { openExternalPage } from '../open-external.ts';

const HUBS = new Set(['bullieverse', 'colexion', 'dark-throne']);

/**
 * The quest and game screens in the Mini App (/k-quest/ and its partner hubs, /quest-details/,
 * /games/, /rkade; deep link `startapp=quest_<slug>`): the shared screens, with the quest's main
 * action (start, then the current task's SPEC §4 button) on Telegram's MainButton and the success
 * haptic when the quest is completed; a task's page opens with Telegram's openLink. Telegram's back
 * button (telegram-chrome.tsx) leaves the task for the list. One lazy chunk for all of them.
 */
export default function MiniAppQuestScreens() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const [action, setAction] = useState<PrimaryAction | null>(null);
  let screen: React.ReactNode;
  const hub = /^\/k-quest\/([^/]+)$/.exec(path)?.[1];
  if (path.startsWith('/quest-details'))
    screen = (
      <QuestDetailsScreen onPrimaryAction={setAction} onGain={hapticOnGain} openUrl={openExternalPage} />
    );
  else if (hub && HUBS.has(hub)) screen = <QuestsScreen key={hub} hubSlug={hub} />;
  else if (path === '/games') screen = <GamesScreen />;
  else if (path === '/rkade') screen = <RkadeScreen />;
  else screen = <QuestsScreen />;
  return (
    <>
      {screen}
      <TelegramMainButton action={path.startsWith('/quest-details') ? action : null} />
    </>
  );
}
