// @khel/ui/content: articles and videos (/article-details/:slug, /video-details/:slug), the "Articles & videos"
// section of the home screens and the content capability's requests.
export {
  type ContentListQuery,
  getContentDetail,
  getContentList,
  useContentDetail,
  useContentLanguage,
  useContentList,
} from './api/get-content.ts';
export { ArticleScreen, VideoScreen } from './components/content-screens.tsx';
export { ContentSection } from './components/content-section.tsx';
export { VideoFacade } from './components/video-facade.tsx';
