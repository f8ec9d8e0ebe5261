import { defineModule } from '../../lib/module.ts';
import { contentRouter } from './content.routes.ts';
import { seedDemoContent } from './content.ts';

/** Site content: banners and footer links (README.md); articles and videos join it later. */
export const contentModule = defineModule({
  name: 'content',
  routes: contentRouter,
  seedDemo: (db) => seedDemoContent(db),
});
