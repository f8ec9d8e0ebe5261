import {
  CampaignDetailsScreen,
  CampaignsScreen,
  type PrimaryAction,
  RaffleVerifyScreen,
} from '@khel/ui/campaigns';
import { useLocation } from '@khel/ui/routing';
import { useState } from 'react';
import { hapticOnGain } from '../haptics.ts';
import { TelegramMainButton } from '../main-button.tsx';
import { openExternalPage, openShare } from '../open-external.ts';

/**
 * K-Drop in the Mini App (/k-drop/campaigns, /k-drop/campaigns/<slug> and its /verify page; deep link
 * `startapp=campaign_<slug>`): the shared screens, with the campaign's main action (Get started, Claim
 * rewards, else the current task's button) on Telegram's MainButton, the success haptic on a claim,
 * task pages opened with Telegram's openLink and invites shared through Telegram's share sheet. One
 * lazy chunk for all of them.
 */
export default function MiniAppCampaignScreens() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const [action, setAction] = useState<PrimaryAction | null>(null);
  const details = /^\/k-drop\/campaigns\/[^/]+$/.test(path);
  let screen: React.ReactNode;
  if (path.endsWith('/verify')) screen = <RaffleVerifyScreen />;
  else if (details)
    screen = (
      <CampaignDetailsScreen
        onPrimaryAction={setAction}
        onGain={hapticOnGain}
        openUrl={openExternalPage}
        openShare={openShare}
      />
    );
  else screen = <CampaignsScreen />;
  return (
    <>
      {screen}
      <TelegramMainButton action={details ? action : null} />
    </>
  );
}
