import { describe, expect, it } from 'vitest';
import { DEEP_LINKS } from '../domain/deep-links.ts';
import { isSpaRoute, SPA_ROUTE_PATTERNS } from './spa-routes.ts';

describe('isSpaRoute', () => {
  it('knows every SPEC §2 path, with or without a trailing slash, in any letter case', () => {
    for (const path of [
      '/',
      '/home',
      '/home/',
      '/home//',
      '//',
      '/k-store/',
      '/K-Store',
      '/kyc',
      '/terms-and-conditions',
      '/article-details/gaming-in-india',
      '/quest-details',
      '/quest-details/summer-cup',
      '/quest-details/summer-cup/offerwall/',
      '/k-drop/campaigns/42',
      '/pog/leaderboard',
      '/klash',
      '/klash/',
      '/tournaments/',
      '/klash/summer-cup',
      '/klash/0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6f/',
    ]) {
      expect(isSpaRoute(path), path).toBe(true);
    }
  });

  it('knows no other path', () => {
    for (const path of [
      '',
      '/no/such/page',
      '//home',
      '/homes',
      '/article-details',
      '/article-details/',
      '/article-details/a/b',
      '/quest-details/summer-cup/other',
      '/pog/unknown/deeper',
      '/klash/summer-cup/bracket',
      '/tournaments/summer-cup',
      '/index.html',
      '/assets/app.js',
      '/tma/home',
    ]) {
      expect(isSpaRoute(path), path).toBe(false);
    }
  });

  it('knows every deep-link target', () => {
    const targets = DEEP_LINKS.map(
      (entry) => new URL(entry.toPath('sample-1'), 'https://khel.invalid').pathname,
    );
    expect(targets.filter((p) => !isSpaRoute(p))).toEqual([]);
  });

  it('lists each pattern once', () => {
    expect(new Set(SPA_ROUTE_PATTERNS).size).toBe(SPA_ROUTE_PATTERNS.length);
  });
});
