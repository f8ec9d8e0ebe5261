import '../friends.css';
import { type Friend, XP_RULES } from '@khel/core/contract';
import { formatDate } from '@khel/core/format';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { CopyField } from '../../../components/copy-field.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Page } from '../../../components/page.tsx';
import { type ShareOptions, ShareRow } from '../../../components/share-row.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { numberText } from '../../../lib/display-locale.ts';
import { initialsOf } from '../../../lib/initials.ts';
import { shareLinks } from '../../../lib/share-links.ts';
import { useApi } from '../../../providers/api-context.ts';
import { useCreateInviteLink, useFriends, useReferral } from '../api/get-friends.ts';

/** The invite: this front door's link first (the Mini App's inside Telegram), both copyable, and the share row. */
function InviteCard({ openShare }: ShareOptions) {
  const { t } = useTranslation();
  const { platform } = useApi();
  const describeError = useErrorMessage();
  const referral = useReferral();
  const create = useCreateInviteLink();
  const links = referral.data?.links ?? null;
  const own = links ? (platform === 'telegram' ? (links.miniApp ?? links.website) : links.website) : null;
  const copy = {
    copyLabel: t('referrals.copy'),
    copiedLabel: t('referrals.copied'),
    failedLabel: t('referrals.copyFailed'),
  };
  return (
    <section className="card friends-invite" aria-labelledby="friends-invite">
      <h2 className="section-title" id="friends-invite">
        {t('referrals.invite.title')}
      </h2>
      <p className="friends-invite__lead">{t('referrals.invite.lead', { xp: XP_RULES.friend_joined })}</p>
      {referral.isPending && (
        <p role="status">
          <Spinner size="sm" /> {t('common.loading')}
        </p>
      )}
      {referral.isError && (
        <ErrorState message={describeError(referral.error)} onRetry={() => void referral.refetch()} />
      )}
      {referral.data && !links && (
        <Button variant="primary" block busy={create.isPending} onClick={() => create.mutate()}>
          {t('referrals.invite.create')}
        </Button>
      )}
      {create.isError && <Notice tone="error">{describeError(create.error)}</Notice>}
      {links && own && (
        <>
          <CopyField
            label={platform === 'telegram' ? t('referrals.invite.miniApp') : t('referrals.invite.website')}
            value={own}
            {...copy}
          />
          {links.miniApp && own !== links.website && (
            <CopyField label={t('referrals.invite.website')} value={links.website} {...copy} />
          )}
          {links.miniApp && own !== links.miniApp && (
            <CopyField label={t('referrals.invite.miniApp')} value={links.miniApp} {...copy} />
          )}
          <ShareRow
            links={shareLinks(own, t('referrals.invite.shareText'))}
            openShare={openShare}
            label={t('referrals.invite.share')}
            networks={{
              telegram: t('referrals.invite.telegram'),
              whatsapp: t('referrals.invite.whatsapp'),
              x: t('referrals.invite.x'),
            }}
          />
        </>
      )}
    </section>
  );
}

function FriendRow({ friend }: { friend: Friend }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="friend">
      <span className="friend__avatar" aria-hidden="true">
        {initialsOf(friend.name)}
      </span>
      <span className="friend__text">
        <strong className="friend__name">{friend.name}</strong>
        <span className="friend__meta">
          {t('referrals.friend.joined', { date: formatDate(friend.joinedAt, { language: i18n.language }) })}
        </span>
      </span>
      <span className="friend__level">
        <span>{t('referrals.friend.level', { level: friend.level })}</span>
        <span className="friend__xp">{t('referrals.friend.xp', { xp: friend.xp })}</span>
      </span>
    </li>
  );
}

/**
 * /friends: the invite link for this front door and the other, one tap to copy or share (Telegram's
 * share sheet inside the Mini App, through `openShare`), what friends gave (how many joined, the XP),
 * and the friends themselves, newest first, with their name and level, a page at a time.
 */
export function FriendsScreen({ openShare }: ShareOptions = {}) {
  useTextPart('referrals');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const friends = useFriends();
  const first = friends.data?.pages[0];
  const list = friends.data?.pages.flatMap((p) => p.friends) ?? [];
  return (
    <Page title={t('referrals.title')}>
      <section className="hero">
        <h1 className="hero__title">{t('referrals.title')}</h1>
        <p className="hero__lead">{t('referrals.lead')}</p>
      </section>
      <div className="friends-layout">
        <InviteCard openShare={openShare} />
        <section className="card friends-list" aria-labelledby="friends-list">
          <h2 className="section-title" id="friends-list">
            {t('referrals.list.title')}
          </h2>
          {first && (
            <dl className="friends-stats">
              <div>
                <dt>{t('referrals.stats.joined')}</dt>
                <dd>{numberText(first.invited)}</dd>
              </div>
              <div>
                <dt>{t('referrals.stats.xp')}</dt>
                <dd>{t('referrals.friend.xp', { xp: first.xpEarned })}</dd>
              </div>
            </dl>
          )}
          {friends.isPending && (
            <p role="status">
              <Spinner size="sm" /> {t('common.loading')}
            </p>
          )}
          {friends.isError && (
            <ErrorState message={describeError(friends.error)} onRetry={() => void friends.refetch()} />
          )}
          {friends.data && list.length === 0 && <EmptyState message={t('referrals.list.empty')} />}
          {list.length > 0 && (
            <ul className="friends">
              {list.map((friend) => (
                <FriendRow key={friend.id} friend={friend} />
              ))}
            </ul>
          )}
          {friends.hasNextPage && (
            <Button
              variant="secondary"
              block
              busy={friends.isFetchingNextPage}
              onClick={() => void friends.fetchNextPage()}
            >
              {t('referrals.list.more')}
            </Button>
          )}
        </section>
      </div>
    </Page>
  );
}
