import type { Raffle } from '@khel/core/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { Link } from '../../../routing/index.ts';
import { useCampaignRaffle } from '../api/get-campaign-raffle.ts';
import { type RaffleCheck as Check, checkRaffle } from '../lib/raffle.ts';

/** The draw recomputed here (Web Crypto), once per raffle answer. */
function useRaffleCheck(raffle: Raffle | undefined): { check: Check | null; pending: boolean } {
  const [state, setState] = useState<{ for: Raffle | undefined; check: Check | null }>({
    for: undefined,
    check: null,
  });
  useEffect(() => {
    if (!raffle) return;
    let live = true;
    checkRaffle(raffle).then(
      (check) => live && setState({ for: raffle, check }),
      () => live && setState({ for: raffle, check: null }),
    );
    return () => {
      live = false;
    };
  }, [raffle]);
  return {
    check: state.for === raffle ? state.check : null,
    pending: Boolean(raffle?.seed) && state.for !== raffle,
  };
}

function Ids({ ids, mine, label }: { ids: readonly string[]; mine: string | null; label: string }) {
  return (
    <ol className="raffle-ids" aria-label={label}>
      {ids.map((id) => (
        <li key={id} className={id === mine ? 'raffle-ids__mine' : undefined}>
          #{id}
        </li>
      ))}
    </ol>
  );
}

/** The seed's hash published at LIVE; after the draw the seed, ✓ when it matches the hash; the algorithm. */
function RaffleFacts({ raffle, check }: { raffle: Raffle; check: Check | null }) {
  const { t } = useTranslation();
  return (
    <dl className="raffle__facts">
      <dt>{t('campaigns.raffle.seedHash')}</dt>
      <dd>
        <code className="raffle__hex">{raffle.seedHash ?? '—'}</code>
      </dd>
      {raffle.seed && (
        <>
          <dt>{t('campaigns.raffle.seed')}</dt>
          <dd>
            <code className="raffle__hex">{raffle.seed}</code>
            {check && (
              <span className={`raffle__tick${check.seedMatches ? '' : ' raffle__tick--bad'}`}>
                {check.seedMatches
                  ? `✓ ${t('campaigns.raffle.hashOk')}`
                  : `✗ ${t('campaigns.raffle.hashBad')}`}
              </span>
            )}
          </dd>
        </>
      )}
      <dt>{t('campaigns.raffle.algorithm', { name: raffle.algorithm })}</dt>
      <dd />
    </dl>
  );
}

/** After the draw: the entrants (`full`), the winners, the draw recomputed here (`full`) and the verdict. */
function RaffleDraw({
  raffle,
  check,
  pending,
  myEntryId,
  full,
}: {
  raffle: Raffle;
  check: Check | null;
  pending: boolean;
  myEntryId: string | null;
  full: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {full && (
        <>
          <h3 className="raffle__subtitle">
            {t('campaigns.raffle.entrants', { count: raffle.entrants.length })}
          </h3>
          {raffle.entrants.length === 0 ? (
            <p>{t('campaigns.raffle.noEntrants')}</p>
          ) : (
            <Ids
              ids={raffle.entrants}
              mine={myEntryId}
              label={t('campaigns.raffle.entrants', { count: raffle.entrants.length })}
            />
          )}
        </>
      )}
      <h3 className="raffle__subtitle">{t('campaigns.raffle.drawn')}</h3>
      <Ids ids={raffle.drawn} mine={myEntryId} label={t('campaigns.raffle.drawn')} />
      {check && full && (
        <>
          <h3 className="raffle__subtitle">{t('campaigns.raffle.recomputed')}</h3>
          <Ids ids={check.recomputed} mine={myEntryId} label={t('campaigns.raffle.recomputed')} />
        </>
      )}
      {pending && <p role="status">{t('campaigns.raffle.checking')}</p>}
      {check && (
        <p
          className={`raffle__verdict${check.verified ? '' : ' raffle__verdict--bad'}`}
          role="status"
          data-verified={check.verified}
        >
          <span aria-hidden="true">{check.verified ? '✓' : '✗'}</span>{' '}
          {check.verified ? t('campaigns.raffle.verified') : t('campaigns.raffle.mismatch')}
        </p>
      )}
    </>
  );
}

/**
 * A raffle's verification: the seed hash published at LIVE, and after the draw the revealed seed, the
 * sorted entrants, the winners, the draw recomputed in the browser ("khel-raffle-v1") and ✓ when they
 * match. `full` (the /verify page) lists every entrant; the campaign page shows the outcome and links there.
 */
export function RaffleCheck({
  campaignId,
  slug,
  myEntryId,
  full = false,
}: {
  campaignId: string;
  slug: string;
  myEntryId: string | null;
  full?: boolean;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const raffle = useCampaignRaffle(campaignId);
  const { check, pending } = useRaffleCheck(raffle.data);
  const data = raffle.data;
  return (
    <section className="campaign-section raffle" aria-labelledby="raffle-title">
      <h2 className="campaign-section__title" id="raffle-title">
        {t('campaigns.raffle.title')}
      </h2>
      <p className="raffle__intro">{t('campaigns.raffle.intro')}</p>
      {raffle.isPending && <LoadingState />}
      {raffle.isError && (
        <ErrorState message={describeError(raffle.error)} onRetry={() => void raffle.refetch()} />
      )}
      {data && <RaffleFacts raffle={data} check={check} />}
      {data && !data.seed && <p className="raffle__pending">{t('campaigns.raffle.notDrawn')}</p>}
      {myEntryId && data && (
        <p className="raffle__mine">{t('campaigns.raffle.yourEntry', { id: myEntryId })}</p>
      )}
      {data?.seed && (
        <RaffleDraw raffle={data} check={check} pending={pending} myEntryId={myEntryId} full={full} />
      )}
      {!full && data?.seed && (
        <Link className="raffle__open" to={`/k-drop/campaigns/${encodeURIComponent(slug)}/verify`}>
          {t('campaigns.raffle.open')} →
        </Link>
      )}
    </section>
  );
}
