import { DEEP_LINKS } from '@khel/core/deep-links';
import { describe, expect, it } from 'vitest';
import { matchPath } from '../routing/index.ts';
import {
  CAMPAIGN_PATHS,
  CLAN_PATHS,
  GROWTH_PATHS,
  KLASH_PATHS,
  LEGAL_ROUTES,
  POG_PATHS,
  SCREEN_PATHS,
} from './route-table.ts';

const ALL_PATHS = [
  ...Object.values(SCREEN_PATHS),
  ...Object.values(CAMPAIGN_PATHS),
  ...Object.values(CLAN_PATHS),
  ...Object.values(POG_PATHS),
  ...Object.values(KLASH_PATHS),
  ...Object.values(GROWTH_PATHS),
  ...LEGAL_ROUTES.map((r) => r.path),
];
const routed = (pathname: string) => ALL_PATHS.some((pattern) => matchPath(pattern, pathname));

/** SPEC §2, as written there (trailing slashes included); ids and slugs are sample values. */
const SPEC_PATHS = [
  '/aml-kyc-policy',
  '/privacy-policy',
  '/risk-disclosure-policy',
  '/terms-and-conditions',
  '/article-details/gaming-in-india',
  '/video-details/clan-handbook-intro',
  '/klash',
  '/klash/',
  '/tournaments/',
  '/k-quest/',
  '/k-quest/bullieverse',
  '/k-quest/colexion',
  '/k-quest/dark-throne',
  '/quest-details/',
  '/quest-details/summer-cup/offerwall',
  '/offerwall/',
  '/buy-kcash/',
  '/currency-exchange/',
  '/swap',
  '/purchase-confirmation',
  '/transaction-history/',
  '/collect-earnings',
  '/k-store/',
  '/games/',
  '/rkade',
  '/clan-chief/',
  '/my-clan/',
  '/discover-clan',
  '/k-drop/campaigns',
  '/home/',
  '/',
  '/register/',
  '/profile/',
  '/delete-user-account',
  '/kyc',
  '/pog',
  '/my-pog',
  '/pog/mint',
  '/pog/leaderboard',
  '/pog-showcase',
  '/utm-link-generator',
];

describe('route table', () => {
  it('routes every SPEC §2 path', () => {
    expect(SPEC_PATHS.filter((p) => !routed(p))).toEqual([]);
  });

  it('routes every Mini App deep-link target (startapp=quest_<slug>, campaign_<id>, …)', () => {
    const targets = DEEP_LINKS.map(
      (entry) => new URL(entry.toPath(entry.sampleId), 'https://khel.invalid').pathname,
    );
    expect(targets.filter((p) => !routed(p))).toEqual([]);
  });

  it('does not route a made-up path (it gets the not-found screen)', () => {
    expect(routed('/no-such-page')).toBe(false);
    expect(routed('/pog/unknown/deeper')).toBe(false);
  });

  it('the legal documents have screens of their own', () => {
    expect(LEGAL_ROUTES.map((r) => r.path).sort()).toEqual(
      ['/aml-kyc-policy', '/privacy-policy', '/risk-disclosure-policy', '/terms-and-conditions'].sort(),
    );
  });

  it('lists each path once', () => {
    expect(new Set(ALL_PATHS).size).toBe(ALL_PATHS.length);
  });
});
