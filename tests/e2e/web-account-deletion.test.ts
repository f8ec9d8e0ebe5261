/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { DeletionState } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { saveScreenshot, visible } from './support/ui.ts';
import { accessTokenOf, apiCall, apiSignInWithGoogle, startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;
const DAY_MS = 24 * 60 * 60 * 1000;

let page: Page;
usePhonePage(baseUrl, (p) => {
  page = p;
});

async function deletionState(): Promise<DeletionState> {
  const token = await accessTokenOf(page);
  return (await apiCall<DeletionState>(baseUrl, 'GET', '/users/me/deletion-request', token!)).envelope.data;
}

describe('/delete-user-account', () => {
  it('a visitor gets the login modal, not the page', async () => {
    await page.goto('/delete-user-account');
    await visible(page.locator('dialog[open]').getByLabel('Phone number', { exact: true }));
    expect(await page.getByRole('button', { name: 'Delete my account' }).count()).toBe(0);
  });

  it('explains, asks for confirmation, shows the due date while pending, and the deletion can be cancelled', async () => {
    await startSession(page, baseUrl, await apiSignInWithGoogle(baseUrl));
    // Reached from the profile.
    await page.goto('/profile');
    // The link stays where it first shows while the rest of the page arrives (a late section once pushed
    // it 500 px down between Playwright's stability check and its tap, which then landed elsewhere).
    const link = await visible(page.getByRole('link', { name: 'Delete account' }));
    const firstSeenAt = (await link.boundingBox())?.y;
    await visible(page.getByRole('heading', { name: 'My activity' }));
    expect((await link.boundingBox())?.y).toBe(firstSeenAt);
    await link.click();
    await visible(page.getByRole('heading', { name: 'What we erase' }));
    await visible(page.getByRole('heading', { name: 'What stays' }));
    await visible(page.getByText('anonymous id', { exact: false }));
    await saveScreenshot(page, 'web-deletion-explained');

    // Nothing is asked before the confirmation.
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/users/me/deletion-request') && r.method() !== 'GET')
        requests.push(r.method());
    });
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await visible(page.getByRole('heading', { name: 'Are you sure?' }));
    expect(requests).toEqual([]);
    await page.getByRole('button', { name: 'Keep my account' }).click();
    expect(await page.getByRole('heading', { name: 'Are you sure?' }).count()).toBe(0);
    expect((await deletionState()).status).toBe('none');

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const asked = Date.now();
    await page.getByRole('button', { name: 'Yes, delete my account' }).click();
    await visible(page.getByRole('heading', { name: 'Your account will be deleted' }));
    expect(requests).toEqual(['POST']);
    const pending = await deletionState();
    expect(pending.status).toBe('pending');
    const due = Date.parse(pending.dueAt ?? '');
    expect(due - asked).toBeGreaterThan(pending.graceDays * DAY_MS - 60_000);
    // SPEC §9 date display of the due date: d/Mon/yy, hh:mm am/pm.
    await visible(
      page.getByText(/We will erase your personal data on \d{1,2}\/[A-Z][a-z]{2}\/\d\d, \d\d:\d\d [ap]m\./),
    );
    await visible(page.getByRole('button', { name: 'Cancel deletion' }));
    await saveScreenshot(page, 'web-deletion-pending');

    // Still pending after a reload.
    await page.reload();
    await visible(page.getByRole('button', { name: 'Cancel deletion' }));

    await page.getByRole('button', { name: 'Cancel deletion' }).click();
    await visible(page.getByText('Deletion cancelled. Your account stays.'));
    await visible(page.getByRole('button', { name: 'Delete my account' }));
    expect(requests).toEqual(['POST', 'DELETE']);
    expect((await deletionState()).status).toBe('none');
    await saveScreenshot(page, 'web-deletion-cancelled');
  });
});
