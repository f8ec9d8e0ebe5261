import '../../../components/placeholder.css';
import '../progression.css';
import { money, type Progression } from '@khel/core/contract';
import { dailyLevelBonus, levelRewardKPoints } from '@khel/core/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQueryKey } from '../../../api/get-balance.ts';
import { ErrorState } from '../../../components/error-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { countedText } from '../../../lib/money-text.ts';
import { useProgression, useProgressionRules } from '../api/get-progression.ts';

/** The level's badge: a hexagon with the number (drawn here, the same on every platform). */
function LevelBadge({ level }: { level: number }) {
  return (
    <svg className="level__badge" viewBox="0 0 48 52" width="48" height="52" aria-hidden="true">
      <defs>
        <linearGradient id="level-badge-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#9f8bff" />
          <stop offset="1" stopColor="#1fe0a8" />
        </linearGradient>
      </defs>
      <path d="M24 2l20 11.5v25L24 50 4 38.5v-25z" fill="url(#level-badge-fill)" />
      <path className="level__badge-inner" d="M24 7l15.6 9v20L24 45 8.4 36V16z" />
      <text x="24" y="31" textAnchor="middle" className="level__badge-number">
        {level}
      </text>
    </svg>
  );
}

/** A line's placeholder `width` wide (em): as tall as the text it stands for. */
const bar = (width: number) => (
  <span className="placeholder-text" style={{ width: `${width}em` }}>
    {'\u00a0'}
  </span>
);

/**
 * The card while GET /progression is on its way: its badge, bar and lines where and as large as they will be,
 * as placeholders (inert: nothing in it can be read or tapped), so the feed below does not move when the
 * answer comes. The pre-rendered home in index.html keeps a card of its height (tooling/vite/first-screen-shell.ts).
 */
function LevelPlaceholder() {
  return (
    <div className="level__placeholder" inert>
      <div className="level__head">
        <LevelBadge level={1} />
        <div className="level__summary">
          <p className="level__name">
            {bar(5)}
            {bar(3)}
          </p>
          <div className="level__bar" />
          <p className="level__next">{bar(9)}</p>
          <p className="level__next">{bar(11)}</p>
        </div>
      </div>
      <p className="level__perk">{bar(14)}</p>
      <p className="level__more">{bar(7)}</p>
    </div>
  );
}

/** What the last change showed: the XP gained, and the level reached with what it paid, if any. */
interface Moment {
  gained: number;
  reached: { level: number; reward: ReturnType<typeof money> } | null;
}

/** The gain between two answers, as the card celebrates it. */
export function momentBetween(before: Progression, after: Progression): Moment | null {
  if (after.xp <= before.xp) return null;
  let paid = 0;
  for (let level = before.level + 1; level <= after.level; level++) paid += levelRewardKPoints(level);
  return {
    gained: after.xp - before.xp,
    reached:
      after.level > before.level ? { level: after.level, reward: money(BigInt(paid), 'KPOINTS') } : null,
  };
}

/**
 * The gamer's level (GET /progression): the badge, the XP bar toward the next level and what reaching it
 * pays, and under "How to earn XP" the rules (GET /progression/rules, fetched when opened) and the newest
 * XP. A gain while the card is shown rises in as "+N XP"; a level reached says what it paid and tells
 * `onLevelUp` (the Mini App answers with a haptic). `icon` is the K-Points mark.
 */
export function LevelCard({ icon, onLevelUp }: { icon?: ReactNode; onLevelUp?: () => void }) {
  const { t } = useTranslation();
  const progression = useProgression();
  const queryClient = useQueryClient();
  const describeError = useErrorMessage();
  const [open, setOpen] = useState(false);
  const rules = useProgressionRules({ enabled: open });
  const previous = useRef<Progression | null>(null);
  const [moment, setMoment] = useState<Moment | null>(null);
  const data = progression.data;

  useEffect(() => {
    if (!data) return;
    const before = previous.current;
    previous.current = data;
    if (!before) return;
    const next = momentBetween(before, data);
    if (!next) return;
    setMoment(next);
    if (!next.reached) return;
    onLevelUp?.();
    // The level's K-Points are in the balance now, whatever gave the XP.
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  }, [data, onLevelUp, queryClient]);

  return (
    <section className="card level" aria-labelledby="level-title">
      <h2 className="visually-hidden" id="level-title">
        {t('feed.level.title')}
      </h2>
      {progression.isPending && (
        <>
          <p role="status" className="visually-hidden">
            {t('common.loading')}
          </p>
          <LevelPlaceholder />
        </>
      )}
      {progression.isError && (
        <ErrorState message={describeError(progression.error)} onRetry={() => void progression.refetch()} />
      )}
      {data && (
        <>
          <div className="level__head">
            <LevelBadge level={data.level} />
            <div className="level__summary">
              <p className="level__name">
                <span>{t('feed.level.badge', { level: data.level })}</span>
                <span className="level__xp">{t('feed.level.xp', { xp: data.xp })}</span>
                {moment && (
                  <span key={data.xp} className="level__gained gain" aria-hidden="true">
                    {t('feed.level.gained', { xp: moment.gained })}
                  </span>
                )}
              </p>
              <div
                className="level__bar"
                role="progressbar"
                aria-label={t('feed.level.barLabel', { level: data.level + 1 })}
                aria-valuemin={data.levelStartXp}
                aria-valuemax={data.nextLevelXp}
                aria-valuenow={data.xp}
                aria-valuetext={t('feed.level.toNext', {
                  left: data.nextLevelXp - data.xp,
                  level: data.level + 1,
                })}
              >
                <span
                  className="level__fill"
                  style={{
                    width: `${Math.round(((data.xp - data.levelStartXp) / (data.nextLevelXp - data.levelStartXp)) * 100)}%`,
                  }}
                />
              </div>
              <p className="level__next">
                {t('feed.level.toNext', { left: data.nextLevelXp - data.xp, level: data.level + 1 })}
              </p>
              <p className="level__next level__reward">
                {icon}
                {t('feed.level.nextReward', { amount: countedText(data.nextLevelReward) })}
              </p>
            </div>
          </div>
          {moment?.reached && (
            <p className="level__reached" role="status" key={moment.reached.level}>
              {t('feed.level.reached', {
                level: moment.reached.level,
                amount: countedText(moment.reached.reward),
              })}
            </p>
          )}
          {data.xp === 0 && <p className="level__empty">{t('feed.level.empty')}</p>}
          <p className="level__perk">
            {dailyLevelBonus(data.level) > 0
              ? t('feed.level.perkNow', {
                  amount: countedText(money(BigInt(dailyLevelBonus(data.level)), 'KPOINTS')),
                })
              : t('feed.level.perkFirst', {
                  amount: countedText(money(BigInt(dailyLevelBonus(2)), 'KPOINTS')),
                })}
          </p>
          <details className="level__more" onToggle={(e) => setOpen(e.currentTarget.open)}>
            <summary>{t('feed.level.howTo')}</summary>
            {rules.isPending && open && (
              <p role="status">
                <Spinner size="sm" /> {t('common.loading')}
              </p>
            )}
            {rules.isError && (
              <ErrorState message={describeError(rules.error)} onRetry={() => void rules.refetch()} />
            )}
            {rules.data && (
              <>
                <ul className="level__rules">
                  {rules.data.rules.map((rule) => (
                    <li key={rule.source}>
                      <span>{t(`feed.level.sources.${rule.source}`)}</span>
                      <span className="level__rule-xp">{t('feed.level.rule', { xp: rule.xp })}</span>
                    </li>
                  ))}
                </ul>
                <ul className="level__levels">
                  {rules.data.levels.slice(0, 5).map((step) => (
                    <li key={step.level}>
                      {t('feed.level.levels', {
                        level: step.level,
                        xp: step.xp,
                        amount: countedText(step.reward),
                      })}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {data.recent.length > 0 && (
              <>
                <h3 className="level__recent-title">{t('feed.level.recent')}</h3>
                <ul className="level__rules">
                  {data.recent.slice(0, 5).map((award) => (
                    <li key={`${award.at}-${award.source}`}>
                      <span>{t(`feed.level.sources.${award.source}`)}</span>
                      <span className="level__rule-xp">{t('feed.level.gained', { xp: award.xp })}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </details>
        </>
      )}
    </section>
  );
}
