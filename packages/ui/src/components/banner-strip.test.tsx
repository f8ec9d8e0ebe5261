import type { WebBanner } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { webBannersQueryKey } from '../api/get-web-banners.ts';
import { text } from '../test/money-fixtures.ts';
import { renderScreen } from '../test/render.tsx';
import { BannerStrip } from './banner-strip.tsx';

const BANNER: WebBanner = {
  slug: 'rkade-open',
  placement: 'games',
  title: 'Play in the Rkade',
  subtitle: 'Four browser games, no download.',
  cta: 'Play',
  imageUrl: '/art/hubs/bullieverse-banner.svg',
  linkUrl: '/rkade',
  translations: { 'pt-BR': { title: 'Jogue no Rkade', cta: 'Jogar' } },
};

describe('BannerStrip', () => {
  it('shows the banners of a placement, linking inside the app, in the reader language', () => {
    const q = { queries: [[webBannersQueryKey('games'), [BANNER]]] as [readonly unknown[], unknown][] };
    const html = renderScreen(<BannerStrip placement="games" />, q);
    expect(html).toContain('href="/rkade"');
    expect(text(html)).toContain('Play in the Rkade');
    const pt = renderScreen(<BannerStrip placement="games" />, { ...q, language: 'pt-BR' });
    expect(text(pt)).toContain('Jogue no Rkade');
    expect(text(pt)).toContain('Four browser games, no download.');
  });

  it('draws nothing without banners', () => {
    expect(
      renderScreen(<BannerStrip placement="store" />, { queries: [[webBannersQueryKey('store'), []]] }),
    ).toBe('');
  });
});
