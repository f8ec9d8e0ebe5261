import { ShareToChatButton } from '../../../components/share-to-chat.tsx';
import '../content.css';
import type { ContentKind } from '@khel/core/contract';
import { formatDate } from '@khel/core/domain';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Page } from '../../../components/page.tsx';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { Link, useParams } from '../../../routing/index.ts';
import { useContentDetail, useContentLanguage } from '../api/get-content.ts';
import { VideoFacade } from './video-facade.tsx';

/** /article-details/:articledetail */
export function ArticleScreen() {
  const { articledetail = '' } = useParams();
  return <ContentScreen kind="article" slug={articledetail.toLowerCase()} />;
}

/** /video-details/:videodetail */
export function VideoScreen() {
  const { videodetail = '' } = useParams();
  return <ContentScreen kind="video" slug={videodetail.toLowerCase()} />;
}

/**
 * An article (cover, title, date, reading time, body) or a video (the play facade, then the player; its
 * description). The body is HTML the server rendered from Markdown with raw HTML refused and links checked.
 */
function ContentScreen({ kind, slug }: { kind: ContentKind; slug: string }) {
  useTextPart('content');
  const { t } = useTranslation();
  const lang = useContentLanguage();
  const item = useContentDetail(kind, slug);
  const routeTitle = t(kind === 'article' ? 'routes.articleDetails' : 'routes.videoDetails');

  if (item.isPending)
    return (
      <Page title={routeTitle} width="medium">
        <LoadingState />
      </Page>
    );
  if (item.isError) {
    if (isApiError(item.error) && item.error.status === 404)
      return (
        <Page title={routeTitle} width="narrow">
          <section className="state state--page">
            <span className="state__code" aria-hidden="true">
              404
            </span>
            <h1 className="page-title">
              {t(kind === 'article' ? 'content.article.notFound' : 'content.article.videoNotFound')}
            </h1>
            <p className="state__text">{t('content.article.notFoundBody')}</p>
            <Link className="button button--primary" to="/">
              {t('content.article.home')}
            </Link>
          </section>
        </Page>
      );
    return (
      <Page title={routeTitle} width="medium">
        <ErrorState onRetry={() => void item.refetch()} />
      </Page>
    );
  }
  const data = item.data;
  return (
    <Page title={data.title} width="medium">
      <article className={`content-page content-page--${kind}`} lang={data.language}>
        {data.video ? (
          <VideoFacade video={data.video} title={data.title} coverUrl={data.coverUrl} />
        ) : (
          <img className="content-page__cover" src={data.coverUrl} alt="" />
        )}
        <header className="content-page__head">
          <span className="content-page__kind">{t(`content.section.${kind}`)}</span>
          <h1 className="page-title content-page__title">{data.title}</h1>
          <p className="content-page__meta">
            {data.publishedAt && (
              <time dateTime={data.publishedAt}>
                {t('content.article.published', { date: formatDate(data.publishedAt, { language: lang }) })}
              </time>
            )}
            {kind === 'article' && (
              <span>{t('content.article.minutes', { count: data.readingMinutes })}</span>
            )}
          </p>
          {data.language !== lang && (
            <p className="content-page__fallback">{t('content.article.inEnglish')}</p>
          )}
          {data.summary && <p className="content-page__summary">{data.summary}</p>}
          {kind === 'article' && <ShareToChatButton kind="article" item={data} />}
        </header>
        {/* Safe by construction: markdown-it on the server with html:false and a link allow-list (API content module). */}
        <div className="content-page__body" dangerouslySetInnerHTML={{ __html: data.bodyHtml }} />
      </article>
    </Page>
  );
}
