import '../content.css';
import { formatDate } from '@khel/core/domain';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { Link } from '../../../routing/index.ts';
import { useContentLanguage, useContentList } from '../api/get-content.ts';

/**
 * "Articles & videos" on the home screens: the newest published items as picture cards, each opening its
 * /article-details/ or /video-details/ page (under the Mini App's basename there).
 */
export function ContentSection({ limit = 6 }: { limit?: number }) {
  useTextPart('content');
  const { t } = useTranslation();
  const lang = useContentLanguage();
  const list = useContentList({ limit });
  return (
    <section className="content-section" aria-labelledby="content-section-title">
      <h2 id="content-section-title" className="section-title">
        {t('content.section.title')}
      </h2>
      {list.isPending ? (
        <ul className="content-cards" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="content-card content-card--skeleton" />
          ))}
        </ul>
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="content-cards">
          {list.data.items.map((item) => (
            <li key={`${item.kind}:${item.slug}`} className="content-card">
              <Link className="content-card__link" to={`/${item.kind}-details/${item.slug}`}>
                <span className="content-card__cover">
                  <img src={item.coverUrl} alt="" loading="lazy" />
                  {item.kind === 'video' && <span className="content-card__play" aria-hidden="true" />}
                </span>
                <span className="content-card__kind">{t(`content.section.${item.kind}`)}</span>
                <span className="content-card__title">{item.title}</span>
                <span className="content-card__meta">
                  {item.publishedAt ? formatDate(item.publishedAt, { language: lang }) : ''}
                  {item.kind === 'article'
                    ? ` · ${t('content.article.minutes', { count: item.readingMinutes })}`
                    : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
