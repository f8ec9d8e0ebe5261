import { describe, expect, it } from 'vitest';
import { en } from '../i18n/resources/en.ts';
import { hi } from '../i18n/resources/hi.ts';
import { ptBR } from '../i18n/resources/pt-br.ts';
import { renderScreen } from '../test/render.tsx';
import { ChatShareContext, ShareToChatButton } from './share-to-chat.tsx';

const chat = { share: async () => null };
const button = <ShareToChatButton kind="klash" item={{ slug: 'summer-cup', id: 'x' }} />;
const inMiniApp = <ChatShareContext.Provider value={chat}>{button}</ChatShareContext.Provider>;

describe('ShareToChatButton', () => {
  it('is drawn only where the app gives a chat share (the Mini App), not on the website', () => {
    expect(renderScreen(button)).not.toContain(en.common.shareToChat);
    const html = renderScreen(inMiniApp);
    expect(html).toContain(`>${en.common.shareToChat}</button>`);
    expect(html).toContain('data-share-kind="klash"');
  });

  it('says it in Hindi and Portuguese too', () => {
    expect(renderScreen(inMiniApp, { language: 'hi' })).toContain(hi.common.shareToChat);
    expect(renderScreen(inMiniApp, { language: 'pt-BR' })).toContain(ptBR.common.shareToChat);
  });
});
