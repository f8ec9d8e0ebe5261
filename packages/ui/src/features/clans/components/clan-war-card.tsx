import type { ClanWar, ClanWarStatus } from '@khel/core/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { numberText } from '../../../lib/display-locale.ts';
import { countedText } from '../../../lib/money-text.ts';
import { useClanWar } from '../api/get-clan-war.ts';
import { TierBadge } from './clan-bits.tsx';

/** Days, hours and minutes until `endsAt` (at least 0). */
export function warTimeLeft(endsAt: string, now: number): { days: number; hours: number; minutes: number } {
  const ms = Math.max(0, Date.parse(endsAt) - now);
  return {
    days: Math.floor(ms / 86_400_000),
    hours: Math.floor(ms / 3_600_000) % 24,
    minutes: Math.floor(ms / 60_000) % 60,
  };
}

/** My clan's share of the two scores, 0..100 (50 while both are 0). */
export function tugShare(mine: number, theirs: number): number {
  return mine + theirs === 0 ? 50 : Math.round((mine / (mine + theirs)) * 100);
}

/** The minute now, moving while the card is shown (the countdown). */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Countdown({ war }: { war: ClanWar }) {
  const { t } = useTranslation();
  const now = useMinute();
  if (war.status === 'ENDED') return <span className="clan-war__countdown">{t('clans.war.ended')}</span>;
  if (Date.parse(war.endsAt) <= now)
    return <span className="clan-war__countdown">{t('clans.war.deciding')}</span>;
  const left = warTimeLeft(war.endsAt, now);
  return (
    <span className="clan-war__countdown">
      <span aria-hidden="true">⏱ </span>
      {left.days > 0
        ? t('clans.war.endsInDays', { days: left.days, hours: left.hours })
        : t('clans.war.endsInHours', { hours: left.hours, minutes: left.minutes })}
    </span>
  );
}

function WarBody({ war, rules }: { war: ClanWar; rules: ClanWarStatus['rules'] }) {
  const { t } = useTranslation();
  const share = tugShare(war.mine.score, war.opponent.score);
  const leading =
    war.mine.score > war.opponent.score ? 'mine' : war.mine.score < war.opponent.score ? 'theirs' : 'even';
  return (
    <>
      <div className="clan-war__versus">
        <div className="clan-war__side clan-war__side--mine">
          <span className="clan-war__name" title={war.mine.clanName}>
            {war.mine.clanName}
          </span>
          <strong className="clan-war__score">{t('clans.war.xp', { count: war.mine.score })}</strong>
        </div>
        <span className="clan-war__vs" aria-hidden="true">
          {t('clans.war.vs')}
        </span>
        <div className="clan-war__side clan-war__side--theirs">
          <span className="clan-war__name" title={war.opponent.clanName}>
            {war.opponent.clanName}
          </span>
          <strong className="clan-war__score">{t('clans.war.xp', { count: war.opponent.score })}</strong>
        </div>
      </div>
      <div
        className={`clan-war__tug clan-war__tug--${leading}`}
        role="img"
        aria-label={t('clans.war.tug', {
          mine: war.mine.clanName,
          mineXp: war.mine.score,
          theirs: war.opponent.clanName,
          theirsXp: war.opponent.score,
        })}
      >
        <span className="clan-war__tug-mine" style={{ width: `${share}%` }} />
        <span className="clan-war__tug-knot" style={{ left: `${share}%` }} aria-hidden="true" />
      </div>
      <div className="clan-war__meta">
        <TierBadge tier={war.opponent.tier} size="mini" />
        <span>{t('clans.war.opponentTier', { tier: t(`clans.tier.${war.opponent.tier}`) })}</span>
      </div>
      <p className="clan-war__me">
        {war.counted
          ? t('clans.war.myContribution', { count: war.myContribution })
          : t('clans.war.notCounted', { count: war.myContribution })}
      </p>
      {war.outcome && (
        <p className={`clan-war__outcome clan-war__outcome--${war.outcome}`} role="status">
          {war.outcome === 'won'
            ? t('clans.war.outcome.won', { xp: rules.rewardXp, amount: countedText(rules.rewardKpoints) })
            : t(`clans.war.outcome.${war.outcome}`)}
        </p>
      )}
    </>
  );
}

function WarResults({ results }: { results: ClanWarStatus['results'] }) {
  const { t } = useTranslation();
  if (results.length === 0) return null;
  return (
    <div className="clan-war__results">
      <h3 className="clan-war__subtitle">{t('clans.war.results')}</h3>
      <ul>
        {results.map((r) => (
          <li key={r.id}>
            <span className={`clan-war__badge clan-war__badge--${r.outcome}`}>
              {t(`clans.war.result.${r.outcome}`)}
            </span>
            <span className="clan-war__result-name">{t('clans.war.against', { name: r.opponentName })}</span>
            <span className="clan-war__result-score">
              {numberText(r.myScore)}–{numberText(r.opponentScore)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function WarRules({ rules }: { rules: ClanWarStatus['rules'] }) {
  const { t } = useTranslation();
  return (
    <details className="clan-war__rules">
      <summary>{t('clans.war.rulesTitle')}</summary>
      <ul>
        <li>{t('clans.war.rules.match', { count: rules.minMembers })}</li>
        <li>{t('clans.war.rules.score')}</li>
        <li>
          {t('clans.war.rules.reward', { xp: rules.rewardXp, amount: countedText(rules.rewardKpoints) })}
        </li>
        <li>{t('clans.war.rules.frozen')}</li>
      </ul>
    </details>
  );
}

/** The war card's contents once the answer is in. */
export function ClanWarView({ status }: { status: ClanWarStatus }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="clan-war__head">
        <h2 className="clan-section__title" id="my-clan-war">
          <span aria-hidden="true">⚔️ </span>
          {t('clans.war.title')}
        </h2>
        {status.war && <Countdown war={status.war} />}
      </div>
      {status.war ? (
        <WarBody war={status.war} rules={status.rules} />
      ) : (
        <p className="clan-war__empty">
          {t(`clans.war.none.${status.noWarReason ?? 'matching_soon'}`, { count: status.rules.minMembers })}
        </p>
      )}
      <WarResults results={status.results} />
      <WarRules rules={status.rules} />
    </>
  );
}

/**
 * The weekly clan war on /my-clan/ (GET /platform-clans/me/war): the countdown, both clans' XP as a tug bar, the
 * opponent, what the reader added, the result once decided, the last results and the rules (fixed for the week).
 */
export function ClanWarCard() {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const war = useClanWar();
  return (
    <section className="card clan-section clan-war" aria-labelledby="my-clan-war" aria-busy={war.isPending}>
      {war.isPending ? (
        <>
          <h2 className="clan-section__title" id="my-clan-war">
            <span aria-hidden="true">⚔️ </span>
            {t('clans.war.title')}
          </h2>
          <p role="status">
            <Spinner size="sm" /> {t('common.loading')}
          </p>
        </>
      ) : war.isError ? (
        <>
          <h2 className="clan-section__title" id="my-clan-war">
            <span aria-hidden="true">⚔️ </span>
            {t('clans.war.title')}
          </h2>
          <ErrorState message={describeError(war.error)} onRetry={() => void war.refetch()} />
        </>
      ) : (
        <ClanWarView status={war.data} />
      )}
    </section>
  );
}
