/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPhonePage } from '../fixtures/browser.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { saveScreenshot, visible, waitForPath } from './support/ui.ts';
import { accessTokenOf, apiSignInWithGoogle, signInByPhone, startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;
const operatorToken = e2eServer().operatorToken;
const DAY = 86_400_000;

async function createQuest(): Promise<{ slug: string; title: string }> {
  const slug = `e2e-utm-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const title = `Share the word ${slug.slice(-6)}`;
  const quest = {
    slug,
    title,
    description: 'A quest to bring friends to.',
    hubSlug: null,
    gameSlug: null,
    startsAt: new Date(Date.now() - DAY).toISOString(),
    endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
    totalSlots: null,
    featured: false,
    rewards: { kpoints: '10' },
    tasks: [{ title: 'Make your referral code', config: { type: 'create_referral' } }],
  };
  const response = await fetch(`${baseUrl}/api/operator/quests`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Operator ${operatorToken}` },
    body: JSON.stringify({ quest, publish: true }),
  });
  if (!response.ok) throw new Error(`POST /operator/quests answered ${response.status}`);
  return { slug, title };
}

describe('UTM links on the website', () => {
  let page: Page;
  const hooks = usePhonePage(baseUrl, (p) => {
    page = p;
  });

  it('makes a short link, a visitor comes through it and signs up, and the link shows 1 sign-up', async () => {
    const quest = await createQuest();
    const owner = await apiSignInWithGoogle(baseUrl);
    await startSession(page, baseUrl, owner);
    await page.goto(`${baseUrl}/utm-link-generator`);
    await visible(page.getByRole('heading', { name: 'UTM link generator', level: 1 }));
    await visible(page.getByLabel('Quest', { exact: true }));
    await page.getByLabel('Quest', { exact: true }).selectOption(quest.slug);
    await page.getByLabel('Source', { exact: true }).fill('Instagram Stories');
    await page.getByRole('button', { name: 'Make the link' }).click();
    await visible(page.getByText('Lowercase letters, digits, "_", "-" and "." only.').first());
    await page.getByLabel('Source', { exact: true }).fill('instagram');
    await page.getByLabel('Medium', { exact: true }).fill('influencer');
    await page.getByLabel('Campaign name', { exact: true }).fill('e2e-launch');
    await page.getByRole('button', { name: 'Make the link' }).click();
    await visible(page.getByRole('heading', { name: 'Your link is ready' }));
    const shortUrl = await page.locator('.utm-made .copy-field__value').first().getAttribute('data-value');
    expect(shortUrl).toMatch(new RegExp(`^${baseUrl}/l/[A-Za-z2-9]{8}$`));
    const code = shortUrl!.split('/').pop()!;
    await visible(page.locator(`.utm-link[data-code="${code}"]`));
    await saveScreenshot(page, 'web-utm-made-phone');

    // A visitor in a fresh browser context opens the short link and lands on the quest with the utm query.
    const visitor = await newPhonePage(hooks.browser, { baseURL: baseUrl });
    try {
      await visitor.goto(shortUrl!);
      await waitForPath(visitor, `/quest-details/${quest.slug}`);
      expect(new URL(visitor.url()).searchParams.get('utm_source')).toBe('instagram');
      expect(new URL(visitor.url()).searchParams.get('kutm')).toBe(code);
      await expect
        .poll(() => visitor.evaluate(() => localStorage.getItem('khel.utmAttribution')), { timeout: 15_000 })
        .toContain(code);
      const attributions: number[] = [];
      visitor.on('response', (r) => {
        if (r.url().includes('/api/utm/attribution')) attributions.push(r.status());
      });
      await signInByPhone(visitor, baseUrl);
      await expect.poll(() => attributions, { timeout: 15_000 }).toEqual([200]);
      await expect
        .poll(() => visitor.evaluate(() => localStorage.getItem('khel.utmAttribution')), { timeout: 15_000 })
        .toBeNull();
      expect(await accessTokenOf(visitor)).toBeTruthy();
    } finally {
      await visitor.context().close();
    }

    await page.reload();
    const row = page.locator(`.utm-link[data-code="${code}"]`);
    await visible(row);
    await expect
      .poll(
        async () => {
          await page.reload();
          return row.locator('[data-metric="signUps"] strong').textContent({ timeout: 10_000 });
        },
        { timeout: 20_000 },
      )
      .toBe('1');
    expect(await row.locator('[data-metric="visits"] strong').textContent()).toBe('1');
    await saveScreenshot(page, 'web-utm-results-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await saveScreenshot(page, 'web-utm-results-desktop');
  });

  it('the operators’ page asks for the token, then draws the reports', async () => {
    await page.goto(`${baseUrl}/operator/analytics`);
    await page.getByLabel('Operator token', { exact: true }).fill('khop_not-a-real-token');
    await page.getByRole('button', { name: 'Open the dashboard' }).click();
    await visible(page.getByText('That token was refused. Check it and try again.').first());
    await page.getByLabel('Operator token', { exact: true }).fill(operatorToken);
    await page.getByRole('button', { name: 'Open the dashboard' }).click();
    await visible(page.getByRole('heading', { name: 'Funnel' }));
    await visible(page.getByRole('list', { name: 'Funnel' }));
    expect(await page.evaluate(() => sessionStorage.getItem('khel.operatorToken'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('khel.operatorToken'))).toBeNull();
    await saveScreenshot(page, 'web-operator-analytics-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await saveScreenshot(page, 'web-operator-analytics-desktop');
  });
});
