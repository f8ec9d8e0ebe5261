import {
  CLAN_ANNOUNCEMENT_MAX,
  CLAN_DASHBOARD_TYPES,
  CLAN_DESCRIPTION_MAX,
  CLAN_JOIN_POLICIES,
  type ClanDashboardType,
  type ClanDetail,
  type ClanJoinPolicy,
  type ClanMember,
  type ClanStatus,
} from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { useAddClanQuest } from '../api/add-clan-quest.ts';
import { useAnnounceToClan } from '../api/announce-to-clan.ts';
import { useApproveClanRequest } from '../api/approve-clan-request.ts';
import { useDeleteClan } from '../api/delete-clan.ts';
import { useClanConfig } from '../api/get-clan-config.ts';
import { useClanQuests } from '../api/get-clan-quests.ts';
import { useClanRequests } from '../api/get-clan-requests.ts';
import { useHandOverClan } from '../api/hand-over-clan.ts';
import { useRefuseClanRequest } from '../api/refuse-clan-request.ts';
import { useRemoveClanMember } from '../api/remove-clan-member.ts';
import { useRemoveClanQuest } from '../api/remove-clan-quest.ts';
import { useUpdateClan } from '../api/update-clan.ts';
import { waitingPeriodOf } from '../lib/clan-view.ts';
import { Avatar, TierProgress, WaitNotice } from './clan-bits.tsx';
import { ClanImagePicker, UploadNotices, useSendAfterUploads } from './clan-image-picker.tsx';
import { ClanInvite, type ClanShareOptions } from './clan-invite.tsx';
import { ClanMembersList } from './clan-members-list.tsx';
import { ClanHero } from './clan-page.tsx';
import { ChoiceCards } from './create-clan-form.tsx';

function Section({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="card clan-section" aria-labelledby={id}>
      <h2 className="clan-section__title" id={id}>
        {title}
      </h2>
      {hint && <p className="clan-section__hint">{hint}</p>}
      {children}
    </section>
  );
}

/** Join requests: approve or refuse each. */
function RequestsPanel() {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const formatDate = useFormatDateTime();
  const requests = useClanRequests();
  const approve = useApproveClanRequest();
  const refuse = useRefuseClanRequest();
  const busy = (userId: string) =>
    (approve.isPending && approve.variables === userId) || (refuse.isPending && refuse.variables === userId);
  return (
    <Section id="clan-requests" title={t('clans.dashboard.requests')}>
      {requests.isPending ? (
        <LoadingState skeletonLines={2} />
      ) : requests.isError ? (
        <ErrorState message={describeError(requests.error)} onRetry={() => void requests.refetch()} />
      ) : requests.data.length === 0 ? (
        <EmptyState message={t('clans.dashboard.noRequests')} />
      ) : (
        <ul className="member-list">
          {requests.data.map((r) => (
            <li key={r.userId} className="member-row member-row--request" data-user={r.userId}>
              <Avatar src={r.avatarUrl} name={r.displayName} />
              <div className="member-row__text">
                <span className="member-row__name">{r.displayName}</span>
                <span className="member-row__meta">
                  {r.username ? `@${r.username} · ` : ''}
                  {t('clans.dashboard.requestedOn', { date: formatDate(r.requestedAt) })}
                </span>
              </div>
              <div className="member-row__actions">
                <Button
                  size="small"
                  variant="primary"
                  disabled={busy(r.userId)}
                  onClick={() => approve.mutate(r.userId)}
                >
                  {t('clans.dashboard.approve')}
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  disabled={busy(r.userId)}
                  onClick={() => refuse.mutate(r.userId)}
                >
                  {t('clans.dashboard.refuse')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {approve.isError && <Notice tone="error">{describeError(approve.error)}</Notice>}
      {refuse.isError && <Notice tone="error">{describeError(refuse.error)}</Notice>}
    </Section>
  );
}

/** Members with Remove and Make chief, each asking to confirm in place. */
function MembersPanel({ clan }: { clan: ClanDetail }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const remove = useRemoveClanMember();
  const handOver = useHandOverClan();
  const [confirming, setConfirming] = useState<{ userId: string; action: 'remove' | 'handover' } | null>(
    null,
  );
  const actions = (m: ClanMember) => {
    if (m.role === 'Chief') return null;
    if (confirming?.userId === m.userId) {
      const removing = confirming.action === 'remove';
      return (
        <div className="confirm-inline">
          <span>
            {removing
              ? t('clans.dashboard.removeConfirm', { name: m.displayName })
              : t('clans.dashboard.handOverConfirm', { name: m.displayName })}
          </span>
          <Button
            size="small"
            variant={removing ? 'danger' : 'primary'}
            busy={removing ? remove.isPending : handOver.isPending}
            onClick={() =>
              (removing ? remove : handOver).mutate(m.userId, { onSuccess: () => setConfirming(null) })
            }
          >
            {removing ? t('clans.dashboard.confirmRemove') : t('clans.dashboard.confirmHandOver')}
          </Button>
          <Button size="small" variant="ghost" onClick={() => setConfirming(null)}>
            {t('clans.dashboard.cancel')}
          </Button>
        </div>
      );
    }
    return (
      <>
        <Button
          size="small"
          variant="ghost"
          onClick={() => setConfirming({ userId: m.userId, action: 'handover' })}
        >
          {t('clans.dashboard.handOver')}
        </Button>
        <Button
          size="small"
          variant="secondary"
          onClick={() => setConfirming({ userId: m.userId, action: 'remove' })}
        >
          {t('clans.dashboard.remove')}
        </Button>
      </>
    );
  };
  return (
    <Section id="clan-manage-members" title={t('clans.dashboard.members')}>
      <ClanMembersList clanId={clan.id} actions={actions} />
      {remove.isError && <Notice tone="error">{describeError(remove.error)}</Notice>}
      {handOver.isError && <Notice tone="error">{describeError(handOver.error)}</Notice>}
    </Section>
  );
}

/** The announcement composer: every member gets it in Telegram. */
function AnnouncementPanel() {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const announce = useAnnounceToClan();
  const [text, setText] = useState('');
  return (
    <Section
      id="clan-announce"
      title={t('clans.dashboard.announcement')}
      hint={t('clans.dashboard.announcementHint')}
    >
      <SubmitForm
        className="clan-form__fields"
        onSubmit={() => {
          if (text.trim()) announce.mutate(text.trim(), { onSuccess: () => setText('') });
        }}
      >
        <label className="visually-hidden" htmlFor="clan-announcement">
          {t('clans.dashboard.announcement')}
        </label>
        <textarea
          id="clan-announcement"
          className="field__control clan-textarea"
          rows={3}
          maxLength={CLAN_ANNOUNCEMENT_MAX}
          placeholder={t('clans.dashboard.announcementPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <span className="clan-counter">
          {text.length}/{CLAN_ANNOUNCEMENT_MAX}
        </span>
        {announce.isSuccess && (
          <Notice tone="success">{t('clans.dashboard.sent', { count: announce.data.recipients })}</Notice>
        )}
        {announce.isError && <Notice tone="error">{describeError(announce.error)}</Notice>}
        <Button type="submit" variant="primary" busy={announce.isPending} disabled={!text.trim()}>
          {t('clans.dashboard.send')}
        </Button>
      </SubmitForm>
    </Section>
  );
}

/** One clan quest: its progress to the target, and Stop until it is done. */
function ClanQuestItem({
  quest: q,
  stop,
}: {
  quest: NonNullable<ReturnType<typeof useClanQuests>['data']>[number];
  stop: ReturnType<typeof useRemoveClanQuest>;
}) {
  const { t } = useTranslation();
  const percent = Math.min(100, Math.round((q.completedBy / q.target) * 100));
  return (
    <li className={`clan-quest${q.completedAt ? ' clan-quest--done' : ''}`}>
      <div className="clan-quest__head">
        <strong>{q.title}</strong>
        {q.completedAt ? (
          <span className="role-tag role-tag--done">{t('clans.dashboard.questDone')}</span>
        ) : (
          <Button
            size="small"
            variant="ghost"
            busy={stop.isPending && stop.variables === q.slug}
            onClick={() => stop.mutate(q.slug)}
          >
            {t('clans.dashboard.stopQuest')}
          </Button>
        )}
      </div>
      <div
        className="tier-progress__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="tier-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="clan-quest__count">
        {t('clans.dashboard.questProgress', { done: q.completedBy, target: q.target })}
      </span>
    </li>
  );
}

/** Clan quests: add one by its slug with a target, see each one's progress, stop one. */
function ClanQuestsPanel({ maxQuests }: { maxQuests: number }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const quests = useClanQuests();
  const add = useAddClanQuest();
  const stop = useRemoveClanQuest();
  const [slug, setSlug] = useState('');
  const [target, setTarget] = useState('5');
  const targetNumber = Number.parseInt(target, 10);
  const valid = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug.trim()) && targetNumber >= 1 && targetNumber <= 1000;
  return (
    <Section
      id="clan-quests"
      title={t('clans.dashboard.quests')}
      hint={t('clans.dashboard.questsHint', { count: maxQuests })}
    >
      {quests.isPending ? (
        <LoadingState skeletonLines={2} />
      ) : quests.isError ? (
        <ErrorState message={describeError(quests.error)} onRetry={() => void quests.refetch()} />
      ) : quests.data.length === 0 ? (
        <EmptyState message={t('clans.dashboard.noQuests')} />
      ) : (
        <ul className="clan-quests">
          {quests.data.map((q) => (
            <ClanQuestItem key={q.questId} quest={q} stop={stop} />
          ))}
        </ul>
      )}
      <SubmitForm
        className="clan-form__fields clan-quest-form"
        onSubmit={() => {
          if (valid)
            add.mutate({ questSlug: slug.trim(), target: targetNumber }, { onSuccess: () => setSlug('') });
        }}
      >
        <div className="clan-form__pair">
          <Field
            label={t('clans.dashboard.questSlug')}
            value={slug}
            onValueChange={(v) => setSlug(v.toLowerCase())}
          />
          <Field
            label={t('clans.dashboard.target')}
            value={target}
            digitsOnly
            maxLength={4}
            onValueChange={setTarget}
          />
        </div>
        {add.isError && <Notice tone="error">{describeError(add.error)}</Notice>}
        {stop.isError && <Notice tone="error">{describeError(stop.error)}</Notice>}
        <Button type="submit" variant="secondary" busy={add.isPending} disabled={!valid}>
          {t('clans.dashboard.addQuest')}
        </Button>
      </SubmitForm>
    </Section>
  );
}

/** Edit the clan: description, city, logo, banner, join policy, dashboard type. */
function EditClanPanel({ clan }: { clan: ClanDetail }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const update = useUpdateClan();
  const [description, setDescription] = useState(clan.description);
  const [city, setCity] = useState(clan.city);
  const [policy, setPolicy] = useState<ClanJoinPolicy>(clan.joinPolicy);
  const [dashboard, setDashboard] = useState<ClanDashboardType>(clan.dashboardType);
  const [images, setImages] = useState<{ logoImageId?: string | null; bannerImageId?: string | null }>({});
  const afterUploads = useSendAfterUploads(() =>
    update.mutate({
      description: description.trim(),
      city: city.trim(),
      joinPolicy: policy,
      dashboardType: dashboard,
      ...images,
    }),
  );
  return (
    <Section id="clan-edit" title={t('clans.dashboard.edit')}>
      <SubmitForm className="clan-form__fields" onSubmit={afterUploads.request}>
        <Field label={t('clans.create.city')} value={city} onValueChange={setCity} />
        <div className="field">
          <label className="field__label" htmlFor="clan-edit-description">
            {t('clans.create.description')}
          </label>
          <textarea
            id="clan-edit-description"
            className="field__control clan-textarea"
            rows={3}
            maxLength={CLAN_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="clan-form__images">
          <ClanImagePicker
            kind="logo"
            label={t('clans.create.logo')}
            current={clan.clanLogo}
            onChange={(id) => setImages((old) => ({ ...old, logoImageId: id }))}
            onStatus={afterUploads.statusOf('logo')}
          />
          <ClanImagePicker
            kind="banner"
            label={t('clans.create.banner')}
            current={clan.bannerImage}
            onChange={(id) => setImages((old) => ({ ...old, bannerImageId: id }))}
            onStatus={afterUploads.statusOf('banner')}
          />
        </div>
        <ChoiceCards
          name="edit-join-policy"
          legend={t('clans.create.policy')}
          values={CLAN_JOIN_POLICIES}
          value={policy}
          label={(v) => t(`clans.policy.${v}`)}
          onChange={setPolicy}
        />
        <ChoiceCards
          name="edit-dashboard-type"
          legend={t('clans.create.dashboard')}
          values={CLAN_DASHBOARD_TYPES}
          value={dashboard}
          label={(v) => t(`clans.dashboardType.${v}`)}
          onChange={setDashboard}
        />
        <UploadNotices after={afterUploads} waiting={t('clans.dashboard.waitingForImages')} />
        {update.isSuccess && <Notice tone="success">{t('clans.dashboard.saved')}</Notice>}
        {update.isError && <Notice tone="error">{describeError(update.error)}</Notice>}
        <Button type="submit" variant="primary" busy={update.isPending || afterUploads.queued}>
          {t('clans.dashboard.save')}
        </Button>
      </SubmitForm>
    </Section>
  );
}

/** Delete the clan, with the waiting-period date when it is too early. */
function DeletePanel({ clan, status }: { clan: ClanDetail; status: ClanStatus }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const formatDate = useFormatDateTime();
  const remove = useDeleteClan();
  const [confirming, setConfirming] = useState(false);
  const at = status.rules.minDateBeforeClanDelete;
  const early = at && Date.parse(at) > Date.now() ? at : null;
  const wait = waitingPeriodOf(remove.error, 'delete');
  return (
    <Section id="clan-danger" title={t('clans.dashboard.danger')}>
      {early && (
        <p className="clan-section__hint">
          {t('clans.dashboard.deleteAvailable', { date: formatDate(early) })}
        </p>
      )}
      {wait && <WaitNotice wait={wait} />}
      {remove.isError && !wait && <Notice tone="error">{describeError(remove.error)}</Notice>}
      {confirming ? (
        <div className="confirm-inline">
          <span>{t('clans.dashboard.deleteConfirm', { name: clan.clanName })}</span>
          <Button
            variant="danger"
            size="small"
            busy={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
          >
            {t('clans.dashboard.confirmDelete')}
          </Button>
          <Button variant="ghost" size="small" onClick={() => setConfirming(false)}>
            {t('clans.dashboard.cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t('clans.dashboard.delete')}
        </Button>
      )}
    </Section>
  );
}

/** The chief's dashboard on /clan-chief/: requests, members, announcement, clan quests, invites, edit, delete. */
export function ChiefDashboard({
  clan,
  status,
  openShare,
}: { clan: ClanDetail; status: ClanStatus } & ClanShareOptions) {
  const { t } = useTranslation();
  const config = useClanConfig();
  return (
    <div className="chief-dashboard">
      <ClanHero clan={clan} />
      <div className="clan-layout">
        <div className="clan-main">
          <h2 className="clan-block__title">{t('clans.dashboard.title')}</h2>
          <section className="card clan-section">
            <TierProgress score={clan.score} />
          </section>
          <RequestsPanel />
          <MembersPanel clan={clan} />
          <ClanQuestsPanel maxQuests={config.data?.maxClanQuests ?? 5} />
          <AnnouncementPanel />
          <EditClanPanel clan={clan} />
          <DeletePanel clan={clan} status={status} />
        </div>
        <aside className="clan-side-stack">
          <Section id="clan-invite" title={t('clans.dashboard.invite')}>
            <ClanInvite clan={clan} openShare={openShare} />
          </Section>
          <Section id="clan-bot" title={t('clans.dashboard.botTitle')} hint={t('clans.dashboard.botHint')}>
            {clan.telegramGroup && (
              <Notice tone="success">
                {t('clans.dashboard.linkedGroup', { title: clan.telegramGroup })}
              </Notice>
            )}
          </Section>
          {config.data?.handbookUrl && (
            <a
              className="button button--secondary button--block"
              href={config.data.handbookUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              📘 {t('clans.chief.handbook')}
            </a>
          )}
        </aside>
      </div>
    </div>
  );
}
