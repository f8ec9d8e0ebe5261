import type { ClanWarStatus } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { clansEn } from '../../packages/ui/src/i18n/resources/clans-en.ts';
import { clansHi } from '../../packages/ui/src/i18n/resources/clans-hi.ts';
import { clansPtBR } from '../../packages/ui/src/i18n/resources/clans-pt-br.ts';
import { apiChiefWithClan, clanApi } from './support/clans.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { saveScreenshot, screenshotPath, visible } from './support/ui.ts';
import { startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;
const phone = usePhonePage(baseUrl, () => {});

const LANGUAGES = [
  ['en', 'en-IN', clansEn],
  ['hi', 'hi-IN', clansHi],
  ['pt-BR', 'pt-BR', clansPtBR],
] as const;

/** A war in its fourth day, my clan behind, with two results: what the card draws once a week is matched. */
function liveWar(clanId: string, clanName: string): ClanWarStatus {
  const day = 86_400_000;
  const start = Date.now() - 3 * day - 5 * 3_600_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    week: { key: '2026-W49', startsAt: iso(start), endsAt: iso(start + 7 * day) },
    war: {
      id: '5f0c8a7e-1b2c-4d3e-8f9a-0b1c2d3e4f5a',
      weekKey: '2026-W49',
      startsAt: iso(start),
      endsAt: iso(start + 7 * day),
      status: 'LIVE',
      tier: 'Gold',
      mine: { clanId, clanName, tier: 'Gold', score: 4_250 },
      opponent: {
        clanId: '6a1d9b8f-2c3d-4e5f-9a0b-1c2d3e4f5a6b',
        clanName: 'Recife Raiders Esports Club',
        tier: 'Gold',
        score: 5_120,
      },
      myContribution: 730,
      counted: true,
      outcome: null,
      resolvedAt: null,
    },
    noWarReason: null,
    results: [
      {
        id: '7b2e0c9a-3d4e-4f5a-8b1c-2d3e4f5a6b7c',
        weekKey: '2026-W48',
        endsAt: iso(start),
        opponentName: 'Mumbai Mavericks',
        myScore: 6_400,
        opponentScore: 5_980,
        outcome: 'won',
      },
      {
        id: '8c3f1d0b-4e5f-4a6b-9c2d-3e4f5a6b7c8d',
        weekKey: '2026-W47',
        endsAt: iso(start - 7 * day),
        opponentName: 'São Paulo Snipers',
        myScore: 2_100,
        opponentScore: 2_100,
        outcome: 'draw',
      },
    ],
    rules: {
      minMembers: 3,
      rewardXp: 200,
      rewardKpoints: { amount: '500', currency: 'KPOINTS', decimals: 0 },
      settleGraceMinutes: 1,
      tiers: ['Bronze', 'Silver', 'Gold', 'Diamond'],
    },
  };
}

describe('The clan war card on /my-clan/', () => {
  it('a new clan is told why it has no war; a live war shows the countdown, both scores and the rules (390×844, en/hi/pt-BR)', async () => {
    const { chief, clan } = await apiChiefWithClan(baseUrl, 'OPEN');
    for (const [language, locale, texts] of LANGUAGES) {
      await clanApi(baseUrl, 'PATCH', '/users/me/profile', chief.accessToken, { language_code: language });
      const context = await phone.browser.newContext({
        viewport: { width: 390, height: 844 },
        locale,
        deviceScaleFactor: 1,
        baseURL: baseUrl,
      });
      const page = await context.newPage();
      try {
        await startSession(page, baseUrl, chief);
        // The real answer: a clan of one is not matched (or the week's wars are being made).
        await page.goto('/my-clan/');
        const card = page.locator('.clan-war');
        await visible(card.getByRole('heading', { name: texts.war.title }));
        const empty = await card.locator('.clan-war__empty').textContent();
        expect([
          texts.war.none.too_few_members.replace('{{count, number}}', '3'),
          texts.war.none.matching_soon,
        ]).toContain(empty);
        await card.scrollIntoViewIfNeeded();
        await saveScreenshot(page, `web-clan-war-none-${language}`);
        await card.screenshot({ path: screenshotPath(`web-clan-war-none-card-${language}`) });

        // A live war, as the API answers one.
        await page.route('**/api/platform-clans/me/war', (route) =>
          route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({
              success: true,
              status: 200,
              message: 'OK',
              data: liveWar(clan.id, clan.clanName),
            }),
          }),
        );
        await page.reload();
        await visible(card.locator('.clan-war__tug'));
        await visible(card.getByText('Recife Raiders Esports Club'));
        await card.locator('.clan-war__rules summary').click();
        await card.scrollIntoViewIfNeeded();
        // Nothing of the card spills out sideways on a phone.
        const overflow = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await saveScreenshot(page, `web-clan-war-live-${language}`);
        await card.screenshot({ path: screenshotPath(`web-clan-war-card-${language}`) });
      } finally {
        await context.close();
      }
    }
  }, 240_000);
});
