import { defineModule } from '../../lib/module.ts';
import { sharingRouter } from './sharing.routes.ts';

/** Sharing quests, campaigns, tournaments and articles into chats: pictures and prepared messages (README.md). */
export const sharingModule = defineModule({ name: 'sharing', routes: sharingRouter });
