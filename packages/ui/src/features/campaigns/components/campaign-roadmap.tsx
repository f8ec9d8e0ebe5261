import type { CampaignStage } from '@khel/core/contract';
import { localized } from '@khel/core/domain';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { countedText } from '../../../lib/money-text.ts';

/** The roadmap: each stage with its dates, what gamers earn in it (gamer_earnings) and its earning type. */
export function CampaignRoadmap({ stages, now }: { stages: CampaignStage[]; now: number }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDateTime();
  if (stages.length === 0) return null;
  return (
    <section className="campaign-section" aria-labelledby="campaign-roadmap">
      <h2 className="campaign-section__title" id="campaign-roadmap">
        {t('campaigns.roadmap.title')}
      </h2>
      <ol className="roadmap">
        {stages.map((stage, i) => {
          const started = Date.parse(stage.startsAt) <= now;
          const over = stage.endsAt !== null && Date.parse(stage.endsAt) <= now;
          const state = over ? 'done' : started ? 'now' : 'next';
          return (
            <li key={`${stage.startsAt}-${i}`} className={`roadmap__stage roadmap__stage--${state}`}>
              <span className="roadmap__dot" aria-hidden="true">
                {over ? '✓' : i + 1}
              </span>
              <div className="roadmap__body">
                <h3 className="roadmap__title">
                  {localized(stage, 'title', i18n.language)}
                  {state === 'now' && (
                    <span className="campaign-status campaign-status--live">
                      {t('campaigns.roadmap.now')}
                    </span>
                  )}
                </h3>
                <p className="roadmap__dates">
                  {stage.endsAt
                    ? t('campaigns.roadmap.range', {
                        start: formatDate(stage.startsAt),
                        end: formatDate(stage.endsAt),
                      })
                    : t('campaigns.roadmap.from', { start: formatDate(stage.startsAt) })}
                </p>
                {stage.description && (
                  <p className="roadmap__description">{localized(stage, 'description', i18n.language)}</p>
                )}
                {(stage.gamer_earnings || stage.earningType) && (
                  <p className="roadmap__earnings">
                    {stage.gamer_earnings && (
                      <strong>
                        {t('campaigns.roadmap.earnings', { amount: countedText(stage.gamer_earnings) })}
                      </strong>
                    )}
                    {stage.earningType && (
                      <span className="roadmap__type">{t(`campaigns.earningType.${stage.earningType}`)}</span>
                    )}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
