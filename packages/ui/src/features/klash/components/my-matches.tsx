import type { KlashMatch, KlashReport } from '@khel/core/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { useReportResult } from '../api/report-result.ts';
import { faceGradient, initialsOf } from '../lib/faces.ts';
import { myMatchState } from '../lib/klash-view.ts';
import { useRoundName } from './bracket-picture.tsx';

function SideFace({ name }: { name: string }) {
  return (
    <span
      className="klash-face klash-face--large"
      style={{ background: faceGradient(name) }}
      aria-hidden="true"
    >
      {initialsOf(name)}
    </span>
  );
}

/** Won / lost, then a confirmation, then the report (the other side's report settles or disputes it). */
function ReportResult({ match, solo }: { match: KlashMatch; solo: boolean }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const report = useReportResult();
  const [choice, setChoice] = useState<KlashReport | null>(null);
  if (choice)
    return (
      <div className="klash-report">
        <p className="klash-match__meta">
          {choice === 'won' ? t('klash.matches.confirmWon') : t('klash.matches.confirmLost')}
        </p>
        <div className="klash-match__actions">
          <Button variant="ghost" onClick={() => setChoice(null)} disabled={report.isPending}>
            {t('klash.matches.cancel')}
          </Button>
          <Button
            variant="primary"
            busy={report.isPending}
            onClick={() =>
              report.mutate({ matchId: match.id, result: choice }, { onSuccess: () => setChoice(null) })
            }
          >
            {t('klash.matches.confirm')}
          </Button>
        </div>
        {report.isError && <Notice tone="error">{describeError(report.error)}</Notice>}
      </div>
    );
  return (
    <div className="klash-report">
      <p className="klash-match__meta">{t('klash.matches.reportTitle')}</p>
      <div className="klash-match__actions">
        <Button variant="primary" onClick={() => setChoice('won')}>
          {solo ? t('klash.matches.wonSolo') : t('klash.matches.won')}
        </Button>
        <Button variant="secondary" onClick={() => setChoice('lost')}>
          {solo ? t('klash.matches.lostSolo') : t('klash.matches.lost')}
        </Button>
      </div>
    </div>
  );
}

/**
 * One of the reader's matches: the two sides face to face, the round and the deadline, and what they can
 * do: report won or lost (captains and solo players), or where it stands.
 */
export function MatchCard({
  match,
  canReport,
  solo = false,
  rounds,
  heading,
}: {
  match: KlashMatch;
  /** The reader reports for their side (a solo player, a team's captain). */
  canReport: boolean;
  solo?: boolean;
  /** The bracket's number of rounds, to name the round ("Final"); else from the match. */
  rounds?: number;
  heading?: ReactNode;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const roundName = useRoundName();
  const state = myMatchState(match);
  const mySide = match.mySide ?? 0;
  const [mine, theirs] = [match.sides[mySide], match.sides[mySide === 0 ? 1 : 0]];
  const nameOf = (side: typeof mine) =>
    side?.entry?.name ?? (side?.isBye ? t('klash.bracket.bye') : t('klash.bracket.tbd'));
  const totalRounds = rounds ?? match.round + match.roundsFromEnd;
  return (
    <article className="klash-match" data-match={match.id} data-state={match.state}>
      {heading && <h3 className="klash-section__title">{heading}</h3>}
      <p className="klash-match__meta">
        {roundName(match.round, totalRounds)}
        {match.deadlineAt && match.state !== 'settled' && (
          <> · {t('klash.matches.deadline', { date: formatDate(match.deadlineAt) })}</>
        )}
      </p>
      <div className="klash-match__versus">
        <span className="klash-match__side">
          <SideFace name={nameOf(mine)} />
          <span>{nameOf(mine)}</span>
        </span>
        <span className="klash-match__vs">{t('klash.matches.versus')}</span>
        <span className="klash-match__side">
          <SideFace name={nameOf(theirs)} />
          <span>{nameOf(theirs)}</span>
        </span>
      </div>
      {state.kind === 'report' &&
        (canReport ? (
          <ReportResult match={match} solo={solo} />
        ) : (
          <p className="klash-match__meta">{t('klash.matches.captainOnly')}</p>
        ))}
      {state.kind === 'reported' && (
        <Notice tone="info">
          {state.report === 'won' ? t('klash.matches.reportedWon') : t('klash.matches.reportedLost')}
        </Notice>
      )}
      {state.kind === 'waiting' && <p className="klash-match__meta">{t('klash.matches.waiting')}</p>}
      {state.kind === 'disputed' && (
        <Notice tone="error" role="status">
          {t('klash.matches.disputed')}
        </Notice>
      )}
      {state.kind === 'won' && <Notice tone="success">🏆 {t('klash.matches.youWon')}</Notice>}
      {state.kind === 'lost' && <p className="klash-match__meta">{t('klash.matches.youLost')}</p>}
    </article>
  );
}
