import { describe, expect, it } from 'vitest';
import { Routes } from '../../../routing/index.ts';
import { text } from '../../../test/money-fixtures.ts';
import { renderScreen } from '../../../test/render.tsx';
import { OfferwallFrame, OfferwallScreen } from './offerwall-screen.tsx';

describe('/offerwall/', () => {
  it('asks a visitor to sign in and shows no frame', () => {
    const html = renderScreen(<OfferwallScreen />, { at: '/offerwall/' });
    expect(text(html)).toContain('Sign in to see offers made for you.');
    expect(html).not.toContain('<iframe');
  });

  it('frames the wall made for the user, and says when it is the sandbox', () => {
    const html = renderScreen(<OfferwallFrame url="/api/sandbox/offerwall?user=u.sig" sandbox />);
    expect(html).toContain('src="/api/sandbox/offerwall?user=u.sig"');
    expect(text(html)).toContain('Sandbox offerwall');
    const real = renderScreen(<OfferwallFrame url="https://wall.example/?user=x" sandbox={false} />, {
      language: 'pt-BR',
    });
    expect(text(real)).not.toContain('sandbox');
    expect(text(real)).toContain('Os K-Points das ofertas concluídas');
  });

  it('on a quest, in Hindi, with the way back to the quest', () => {
    const html = renderScreen(
      <Routes routes={[{ path: '/quest-details/:slug/offerwall', element: <OfferwallScreen /> }]} />,
      { at: '/quest-details/khel-welcome-quest/offerwall', language: 'hi' },
    );
    expect(text(html)).toContain('इस क्वेस्ट के ऑफ़र');
    expect(html).toContain('href="/quest-details/khel-welcome-quest"');
  });
});
