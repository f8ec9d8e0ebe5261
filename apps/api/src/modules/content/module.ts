import { defineModule } from '../../lib/module.ts';
import { contentRouter } from './content.routes.ts';
import { CONTENT_DEMO_SEEDS, seedDemoContent } from './content.ts';
import { contentOperatorCommands } from './content-cli.ts';
import { contentHead } from './og.ts';

/** Site content: banners, footer links, articles and videos with their pages' Open Graph tags, and the CLI's content commands (README.md). */
export const contentModule = defineModule({
  name: 'content',
  routes: contentRouter,
  seedDemo: (db) => seedDemoContent(db),
  seedDemoMarkers: Object.values(CONTENT_DEMO_SEEDS),
  operatorCommands: contentOperatorCommands,
  pageHead: contentHead,
});
