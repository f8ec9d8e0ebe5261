import type { ClanMember, PublicUser } from '@khel/core/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsersDetails } from '../../../api/get-users-details.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { Link } from '../../../routing/index.ts';
import { useClanMembers } from '../api/get-clan-members.ts';
import { Avatar } from './clan-bits.tsx';

/**
 * One member row: avatar, name (@username), role, points, join date, their POG card when they minted one
 * (`details`, from POST /users/batch-details), and what the caller adds (chief's buttons).
 */
export function MemberRow({
  member,
  details,
  actions,
}: {
  member: ClanMember;
  details?: PublicUser | undefined;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  return (
    <li
      className={`member-row${member.role === 'Chief' ? ' member-row--chief' : ''}`}
      data-user={member.userId}
    >
      <Avatar src={member.avatarUrl} name={member.displayName} />
      <div className="member-row__text">
        <span className="member-row__name">
          {member.displayName}
          {member.role === 'Chief' && (
            <span className="role-tag role-tag--chief">{t('clans.role.Chief')}</span>
          )}
          {details?.pogName && details.pogVariant && (
            <Link
              className={`member-row__pog member-row__pog--${details.pogVariant.toLowerCase()}`}
              to={`/pog-showcase?username=${encodeURIComponent(details.pogName)}`}
              aria-label={t('clans.page.pogCardOf', { name: member.displayName })}
            >
              🪪 {details.pogVariant}
            </Link>
          )}
        </span>
        <span className="member-row__meta">
          {member.username ? `@${member.username} · ` : ''}
          {t('clans.page.joinedOn', { date: formatDate(member.joinedAt) })}
        </span>
      </div>
      <span className="member-row__points">{t('clans.page.points', { count: member.points })}</span>
      {actions && <div className="member-row__actions">{actions}</div>}
    </li>
  );
}

/** A clan's members (chief first, then by points) with "load more"; `actions` adds buttons per member. */
export function ClanMembersList({
  clanId,
  actions,
}: {
  clanId: string;
  actions?: (member: ClanMember) => ReactNode;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const members = useClanMembers(clanId);
  const list = members.data?.pages.flatMap((p) => p.members) ?? [];
  // The member list does not carry POG cards: one batch asks for the members not already known.
  const details = useUsersDetails(list.map((m) => m.userId));
  if (members.isPending) return <LoadingState skeletonLines={3} />;
  if (members.isError)
    return <ErrorState message={describeError(members.error)} onRetry={() => void members.refetch()} />;
  if (list.length === 0) return <EmptyState />;
  return (
    <>
      <ul className="member-list">
        {list.map((m) => (
          <MemberRow
            key={m.userId}
            member={m}
            details={details.data?.[m.userId.toLowerCase()]}
            actions={actions?.(m)}
          />
        ))}
      </ul>
      {members.hasNextPage && (
        <Button
          variant="secondary"
          block
          busy={members.isFetchingNextPage}
          onClick={() => void members.fetchNextPage()}
        >
          {t('clans.discover.loadMore')}
        </Button>
      )}
    </>
  );
}
