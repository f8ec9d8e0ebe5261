import '../components/placeholder.css';
import { type MyQuest, type WalletBalance, XP_RULES } from '@khel/core/contract';
import { localized } from '@khel/core/domain';
import type { CurrencyCode } from '@khel/core/format';
import { formatMoneyAmount } from '@khel/core/format';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../api/get-balance.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useEarningsAggregate } from '../features/earnings/api/get-earnings-aggregate.ts';
import { useMyQuests } from '../features/quests/api/get-my-quests.ts';
import { useQuests } from '../features/quests/api/get-quests.ts';
import { QuestCard, questHref } from '../features/quests/components/quest-card.tsx';
import { CurrencyIcon } from '../features/quests/components/reward-chips.tsx';
import { useErrorMessage } from '../hooks/use-error-message.ts';
import { displayLanguage } from '../lib/display-locale.ts';
import { countedText } from '../lib/money-text.ts';
import { SCREEN_PATHS } from '../routes/route-table.ts';
import { Link } from '../routing/index.ts';

/**
 * One balance of the hero; keyed by its amount, so a gain re-mounts it and plays the pop (CSS only). Without
 * an amount (the balance on its way) a zero stands in at the same size, drawn as a placeholder.
 */
function BalanceCell({
  label,
  amount,
  currency,
}: {
  label: string;
  amount: string | undefined;
  currency: CurrencyCode;
}) {
  return (
    <div className="feed-balance__cell">
      <dt className="feed-balance__label">
        <CurrencyIcon currency={currency} />
        {label}
      </dt>
      {amount === undefined ? (
        <dd className="feed-balance__amount placeholder-text">0</dd>
      ) : (
        <dd key={amount} className="feed-balance__amount gain">
          {formatMoneyAmount({ amount, currency }, displayLanguage())}
        </dd>
      )}
    </div>
  );
}

/**
 * The balance as the hero of home: K-Cash, rKHEL and K-Points with their marks (GET /wallets/balance). While
 * it loads, the same grid holds placeholders (and a status says so to a screen reader), so the card keeps its
 * height when the amounts arrive.
 */
export function BalanceHero() {
  const { t } = useTranslation();
  const balance = useBalance();
  const describeError = useErrorMessage();
  const b: WalletBalance | undefined = balance.data;
  return (
    <section className="card card--raised feed-balance" aria-labelledby="feed-balance-title">
      <h2 className="visually-hidden" id="feed-balance-title">
        {t('feed.balanceTitle')}
      </h2>
      {balance.isPending && (
        <p role="status" className="visually-hidden">
          {t('common.loading')}
        </p>
      )}
      {balance.isError && (
        <ErrorState message={describeError(balance.error)} onRetry={() => void balance.refetch()} />
      )}
      {(b || balance.isPending) && (
        <dl className="feed-balance__grid" aria-hidden={b ? undefined : true}>
          <BalanceCell label="K-Cash" amount={b?.kcashTotal.amount} currency="KCASH" />
          <BalanceCell label="rKHEL" amount={b?.rkhel.amount} currency="RKHEL" />
          <BalanceCell label="K-Points" amount={b?.kpoints.amount} currency="KPOINTS" />
        </dl>
      )}
      <div className="feed-balance__actions">
        <Link className="button button--primary button--small" to={SCREEN_PATHS.buyKcash}>
          {t('routes.buyKcash')}
        </Link>
        <Link className="button button--secondary button--small" to={SCREEN_PATHS.kStore}>
          {t('feed.spend')}
        </Link>
        <Link className="button button--ghost button--small" to={SCREEN_PATHS.transactionHistory}>
          {t('routes.transactionHistory')}
        </Link>
      </div>
    </section>
  );
}

function ProgressRow({ mine }: { mine: MyQuest }) {
  const { t, i18n } = useTranslation();
  const { completedTasks, totalTasks } = mine.progress;
  const percent = totalTasks > 0 ? Math.round((completedTasks / totalTasks) * 100) : 0;
  return (
    <li>
      <Link className="feed-progress" to={questHref(mine.quest.slug)}>
        <span className="feed-progress__title">{localized(mine.quest, 'title', i18n.language)}</span>
        <span className="feed-progress__next">
          {mine.nextTask ? t('feed.nextStep', { task: mine.nextTask.title }) : t('feed.allDone')}
        </span>
        <span
          className="feed-progress__bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={totalTasks}
          aria-valuenow={completedTasks}
          aria-label={t('feed.tasksDone', { done: completedTasks, total: totalTasks })}
        >
          <span className="feed-progress__fill" style={{ width: `${percent}%` }} />
        </span>
        <span className="feed-progress__count">
          {t('feed.tasksDone', { done: completedTasks, total: totalTasks })}
        </span>
      </Link>
    </li>
  );
}

/** Quests started and not finished, each with its next step and a progress bar (GET /userquest/me). */
export function QuestsInProgress() {
  const { t } = useTranslation();
  const mine = useMyQuests();
  const describeError = useErrorMessage();
  const open = (mine.data ?? []).filter((m) => m.progress.status !== 'COMPLETED');
  return (
    <section className="card" aria-labelledby="feed-progress-title">
      <h2 className="section-title" id="feed-progress-title">
        {t('feed.inProgress')}
      </h2>
      {mine.isPending && <Spinner size="sm" />}
      {mine.isError && <ErrorState message={describeError(mine.error)} onRetry={() => void mine.refetch()} />}
      {mine.data &&
        (open.length === 0 ? (
          <EmptyState
            message={t('feed.noQuestsYet')}
            action={
              <Link className="button button--primary" to={SCREEN_PATHS.kQuest}>
                {t('feed.findQuest')}
              </Link>
            }
          />
        ) : (
          <ul className="feed-progress__list">
            {open.slice(0, 5).map((m) => (
              <ProgressRow key={m.quest.id} mine={m} />
            ))}
          </ul>
        ))}
    </section>
  );
}

/** A titled rail of the feed with its 'See all' link. */
export function FeedSection({
  id,
  title,
  moreTo,
  children,
}: {
  id: string;
  title: string;
  moreTo: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="feed-section" aria-labelledby={id}>
      <div className="feed-section__head">
        <h2 className="section-title" id={id}>
          {title}
        </h2>
        <Link className="feed-section__more" to={moreTo}>
          {t('feed.seeAll')}
        </Link>
      </div>
      {children}
    </section>
  );
}

/**
 * Featured quests (GET /quest/list/v2?featured=true), with the way to every quest. `aboveTheFold`:
 * the rail is on the first screen (a visitor's /), so the first cover loads at once and first.
 */
export function FeaturedQuests({
  limit = 6,
  aboveTheFold = false,
}: {
  limit?: number;
  aboveTheFold?: boolean;
}) {
  const { t } = useTranslation();
  const quests = useQuests({ featured: 'true', limit: String(limit) });
  const describeError = useErrorMessage();
  return (
    <FeedSection id="feed-featured-title" title={t('feed.featured')} moreTo={SCREEN_PATHS.kQuest}>
      {/* Cards' room while they load: on / the rail is on the first screen, and what follows it must not move. */}
      {quests.isPending && (
        <>
          <p role="status" className="visually-hidden">
            {t('common.loading')}
          </p>
          <ul className="feed-rail" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <li key={i}>
                <div className="quest-card quest-card--pending" />
              </li>
            ))}
          </ul>
        </>
      )}
      {quests.isError && (
        <ErrorState message={describeError(quests.error)} onRetry={() => void quests.refetch()} />
      )}
      {quests.data &&
        (quests.data.quests.length === 0 ? (
          <EmptyState
            action={
              <Link className="button button--secondary" to={SCREEN_PATHS.games}>
                {t('feed.browseGames')}
              </Link>
            }
          />
        ) : (
          <ul className="feed-rail">
            {quests.data.quests.map((q, index) => (
              <li key={q.id}>
                <QuestCard quest={q} variant="normal" priority={aboveTheFold && index === 0} />
              </li>
            ))}
          </ul>
        ))}
    </FeedSection>
  );
}

/** Earnings ready to collect (GET /collect-earning/aggregate), or what to do to earn some. */
export function EarningsReady() {
  const { t } = useTranslation();
  const aggregate = useEarningsAggregate();
  const describeError = useErrorMessage();
  const ready = aggregate.data?.counts.readyToCollect ?? 0;
  return (
    <section className="card feed-earnings" aria-labelledby="feed-earnings-title">
      <h2 className="section-title" id="feed-earnings-title">
        {t('feed.earnings')}
      </h2>
      {aggregate.isPending && <Spinner size="sm" />}
      {aggregate.isError && (
        <ErrorState message={describeError(aggregate.error)} onRetry={() => void aggregate.refetch()} />
      )}
      {aggregate.data &&
        (ready > 0 ? (
          <>
            <p className="feed-earnings__amount gain" key={aggregate.data.readyToCollect.amount}>
              <CurrencyIcon currency={aggregate.data.readyToCollect.currency} />
              {countedText(aggregate.data.readyToCollect)}
            </p>
            <p className="feed-earnings__note">{t('feed.earningsReady', { count: ready })}</p>
            <Link className="button button--primary" to={SCREEN_PATHS.collectEarnings}>
              {t('routes.collectEarnings')}
            </Link>
          </>
        ) : (
          <>
            <p className="feed-earnings__note">{t('feed.noEarnings')}</p>
            <Link className="button button--secondary" to={SCREEN_PATHS.kQuest}>
              {t('feed.findQuest')}
            </Link>
          </>
        ))}
    </section>
  );
}

/** A card on the feed's side that leads to another screen: its picture, title and line, and an arrow. */
function PromoCard({
  to,
  art,
  title,
  text,
  modifier,
}: {
  to: string;
  art: string;
  title: string;
  text: string;
  modifier?: string;
}) {
  return (
    <Link className={`card feed-pog${modifier ? ` ${modifier}` : ''}`} to={to}>
      <span className="feed-pog__art" aria-hidden="true">
        {art}
      </span>
      <span className="feed-pog__text">
        <strong>{title}</strong>
        <span>{text}</span>
      </span>
      <span className="feed-pog__go" aria-hidden="true">
        →
      </span>
    </Link>
  );
}

/** The way to Proof of Gamer (/pog): mint a card, get earnings boosts. */
export function PogPromo() {
  const { t } = useTranslation();
  return <PromoCard to="/pog" art="🪪" title={t('feed.pogPromo.title')} text={t('feed.pogPromo.text')} />;
}

/** The way to the friends screen (the feed's side): what a friend who joins gives. */
export function FriendsPromo() {
  const { t } = useTranslation();
  return (
    <PromoCard
      to="/friends"
      art="🤝"
      modifier="feed-friends"
      title={t('feed.friendsPromo.title')}
      text={t('feed.friendsPromo.text', { xp: XP_RULES.friend_joined })}
    />
  );
}

/** The way to Klash tournaments (the feed's side, under POG). */
export function KlashPromo() {
  const { t } = useTranslation();
  return (
    <PromoCard
      to="/klash"
      art="⚔️"
      modifier="feed-klash"
      title={t('feed.klashPromo.title')}
      text={t('feed.klashPromo.text')}
    />
  );
}
