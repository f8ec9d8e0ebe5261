import type { ContentDetail } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { Routes } from '../../../routing/index.ts';
import { renderScreen } from '../../../test/render.tsx';
import { ArticleScreen, VideoScreen } from './content-screens.tsx';

const VIDEO: ContentDetail = {
  kind: 'video',
  slug: 'sintel-open-movie',
  id: '5f0c4a7e-2b1d-4c3e-9a8f-7d6e5c4b3a21',
  title: 'Watch: Sintel',
  summary: 'A girl and her dragon.',
  coverUrl: '/art/content/sintel-open-movie.svg',
  publishedAt: '2026-11-21T14:30:00.000Z',
  readingMinutes: 1,
  language: 'en',
  bodyHtml: '<p>Fifteen minutes of fantasy.</p>',
  video: {
    provider: 'youtube',
    id: 'eRsGyueVLvQ',
    embedUrl: 'https://www.youtube-nocookie.com/embed/eRsGyueVLvQ?autoplay=1&rel=0',
  },
  languages: ['en', 'hi', 'pt-BR'],
};
const ARTICLE: ContentDetail = {
  ...VIDEO,
  kind: 'article',
  slug: 'first-week-on-khel',
  id: '6a1d5b8f-3c2e-4d4f-8b9a-8e7f6d5c4b32',
  title: 'Your first week',
  readingMinutes: 3,
  bodyHtml: '<h2>Step one</h2><p>Finish the quest.</p>',
  video: null,
};

const at = (path: string, ui: React.ReactNode, key: unknown[], data: ContentDetail, language = 'en') =>
  renderScreen(
    <Routes
      routes={[
        { path: '/article-details/:articledetail', element: ui },
        { path: '/video-details/:videodetail', element: ui },
      ]}
    />,
    { at: path, queries: [[key, data]], language: language as 'en' },
  );

describe('articles and videos', () => {
  it('an article shows its cover, title, d/Mon/yy date, reading time and the server-rendered body', () => {
    const html = at(
      '/article-details/first-week-on-khel',
      <ArticleScreen />,
      ['content', 'detail', 'article', 'first-week-on-khel', 'en'],
      ARTICLE,
    );
    expect(html).toContain('<img class="content-page__cover" src="/art/content/sintel-open-movie.svg"');
    expect(html).toContain('Your first week</h1>');
    expect(html).toContain('Published 21/Nov/26');
    expect(html).toContain('3 min read');
    expect(html).toContain('<h2>Step one</h2>');
  });

  it('a video shows the cover with a play button and loads nothing from the video host before the tap', () => {
    const html = at(
      '/video-details/sintel-open-movie',
      <VideoScreen />,
      ['content', 'detail', 'video', 'sintel-open-movie', 'en'],
      VIDEO,
    );
    expect(html).toContain('aria-label="Play “Watch: Sintel”"');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('youtube-nocookie.com/embed');
    expect(html).toContain('The player loads from youtube-nocookie.com only when you tap play.');
  });

  it('says when the English version stands in for the reader’s language', () => {
    const html = at(
      '/article-details/first-week-on-khel',
      <ArticleScreen />,
      ['content', 'detail', 'article', 'first-week-on-khel', 'hi'],
      ARTICLE,
      'hi',
    );
    expect(html).toContain('अंग्रेज़ी में दिखाया गया');
  });
});
