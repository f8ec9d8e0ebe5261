import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useFollowedHubs, useSetHubFollowed } from '../api/follow-hub.ts';

/** What the toggle shows: a visitor gets a plain Follow (no pressed state: a tap asks to sign in). */
export function hubFollowView(signedIn: boolean, followed: readonly string[] | undefined, hubSlug: string) {
  const following = signedIn && (followed ?? []).includes(hubSlug);
  return { following, pressed: signedIn ? following : undefined };
}

/**
 * Follow / Following on a partner hub's page (the bot announces a followed hub's new quests). A
 * visitor's tap opens the login modal.
 */
export function HubFollowButton({ hubSlug, hubName }: { hubSlug: string; hubName: string }) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const openModal = useUiStore((s) => s.openModal);
  const describeError = useErrorMessage();
  const followed = useFollowedHubs({ enabled: signedIn });
  const change = useSetHubFollowed();
  const { following, pressed } = hubFollowView(signedIn, followed.data, hubSlug);

  const toggle = () => {
    if (!signedIn) {
      openModal('login');
      return;
    }
    change.mutate({ slug: hubSlug, following: !following });
  };

  return (
    <div className="hub-follow">
      <Button
        variant={following ? 'secondary' : 'primary'}
        size="small"
        aria-pressed={pressed}
        title={t('quests.hub.hint', { hub: hubName })}
        busy={change.isPending || (signedIn && followed.isPending)}
        onClick={toggle}
      >
        {following ? t('quests.hub.following') : t('quests.hub.follow')}
      </Button>
      {change.isError && <Notice tone="error">{describeError(change.error)}</Notice>}
    </div>
  );
}
