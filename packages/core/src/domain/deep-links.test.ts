import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  botStartLink,
  campaignInviteStartParam,
  DEEP_LINKS,
  DEFAULT_DEEP_LINK_PATH,
  miniAppLink,
  pathToStartParam,
  resolveStartParam,
  START_PARAM_PATTERN,
  startParamFor,
  startParamToPath,
} from './deep-links.ts';

describe('deep links (DESIGN §7: startapp=<screen>[_<id>] ↔ Mini App routes)', () => {
  it.each([
    ['home', '/home'],
    ['quests', '/k-quest'],
    ['quest_summer-cup', '/quest-details/summer-cup'],
    ['campaigns', '/k-drop/campaigns'],
    ['campaign_42', '/k-drop/campaigns/42'],
    ['clan_abc123', '/discover-clan?clanId=abc123'],
    ['earnings', '/collect-earnings'],
    ['kyc', '/kyc?requiredDoc=pan'],
    ['pog_player1', '/pog-showcase?username=player1'],
    ['mint', '/pog/mint'],
    ['mypog', '/my-pog'],
    ['games', '/games'],
    ['rkade', '/rkade'],
    ['article_patch-notes', '/article-details/patch-notes'],
    ['video_patch-notes', '/video-details/patch-notes'],
    ['cref_AB23CD45_summer-cup', '/k-drop/campaigns/summer-cup?ref=AB23CD45'],
  ])('%s opens %s', (param, path) => {
    expect(startParamToPath(param)).toBe(path);
  });

  it('resolves screen and id; the id may itself contain underscores', () => {
    expect(resolveStartParam('quest_summer_cup_2026')).toEqual({
      screen: 'quest',
      id: 'summer_cup_2026',
      path: '/quest-details/summer_cup_2026',
    });
  });

  it('unknown, malformed and over-64-character parameters open home', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'nosuchscreen',
      'quest',
      'home_1',
      'quest_a b',
      'quest_ä',
      `quest_${'a'.repeat(60)}`,
      'cref_summer-cup',
      'cref_AB23CD45',
      'cref_AB23CD45_',
      'cref_AB1_CD34_summer-cup',
    ]) {
      expect(resolveStartParam(bad)).toBeNull();
      expect(startParamToPath(bad)).toBe(DEFAULT_DEEP_LINK_PATH);
    }
    expect(DEFAULT_DEEP_LINK_PATH).toBe('/home');
  });

  it('maps paths back to parameters, ignoring a trailing slash', () => {
    expect(pathToStartParam('/quest-details/summer-cup')).toBe('quest_summer-cup');
    expect(pathToStartParam('/k-quest/')).toBe('quests');
    expect(pathToStartParam('/k-drop/campaigns')).toBe('campaigns');
    expect(pathToStartParam('/discover-clan?clanId=xyz')).toBe('clan_xyz');
    expect(pathToStartParam('/kyc?requiredDoc=pan')).toBe('kyc');
    expect(pathToStartParam('/kyc')).toBeNull();
    expect(pathToStartParam('/discover-clan')).toBe('clans');
    expect(pathToStartParam('/discover-clan?clanId=0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6f')).toBe(
      'clan_0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6f',
    );
    expect(pathToStartParam('/clan-chief')).toBe('clanchief');
    expect(pathToStartParam('/privacy-policy')).toBeNull();
  });

  it('maps a POG card both ways: startapp=pog_<name> ↔ /pog-showcase?username=<name>, apart from /pog and /pog/mint', () => {
    expect(resolveStartParam('pog_Ace01')).toEqual({
      screen: 'pog',
      id: 'Ace01',
      path: '/pog-showcase?username=Ace01',
    });
    expect(pathToStartParam('/pog-showcase?username=Ace01')).toBe('pog_Ace01');
    expect(pathToStartParam('/pog-showcase/?username=Ace01')).toBe('pog_Ace01');
    expect(pathToStartParam('/pog-showcase')).toBeNull();
    expect(pathToStartParam('/pog')).toBe('pog');
    expect(pathToStartParam('/pog/mint')).toBe('mint');
    expect(startParamToPath('pog')).toBe('/pog');
    expect(miniAppLink('KhelBot', 'app', pathToStartParam('/pog-showcase?username=Ace01')!)).toBe(
      'https://t.me/KhelBot/app?startapp=pog_Ace01',
    );
  });

  it('maps Klash both ways: startapp=klash ↔ /klash, klash_<slug-or-id> ↔ /klash/<slug-or-id>', () => {
    expect(startParamToPath('klash')).toBe('/klash');
    expect(resolveStartParam('klash_summer-cup')).toEqual({
      screen: 'klash',
      id: 'summer-cup',
      path: '/klash/summer-cup',
    });
    const id = '0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6f';
    expect(startParamToPath(`klash_${id}`)).toBe(`/klash/${id}`);
    expect(pathToStartParam('/klash')).toBe('klash');
    expect(pathToStartParam('/klash/')).toBe('klash');
    expect(pathToStartParam('/klash/summer-cup/')).toBe('klash_summer-cup');
    expect(pathToStartParam(`/klash/${id}`)).toBe(`klash_${id}`);
    expect(miniAppLink('KhelBot', 'app', pathToStartParam('/klash/summer-cup')!)).toBe(
      'https://t.me/KhelBot/app?startapp=klash_summer-cup',
    );
  });

  it('round trip: every entry maps to a parameter and back to the same path', () => {
    for (const entry of DEEP_LINKS) {
      const path = entry.toPath(entry.sampleId);
      const param = pathToStartParam(path);
      expect(param).not.toBeNull();
      expect(START_PARAM_PATTERN.test(param!)).toBe(true);
      expect(resolveStartParam(param)?.screen).toBe(entry.screen);
      expect(startParamToPath(param)).toBe(path);
    }
  });

  const idChars = fc.constantFrom(
    ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'.split(''),
  );
  const anyId = fc.string({ unit: idChars, minLength: 1, maxLength: 62 });
  const code = fc.string({
    unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789abcdefghijkmnpqrstuvwxyz'.split('')),
    minLength: 8,
    maxLength: 8,
  });
  /** An id the entry takes: a referral code and a campaign for invites, any id otherwise. */
  const idFor = (screen: string) =>
    screen === 'cref'
      ? fc.tuple(code, anyId).map(([c, campaign]) => `${c}_${campaign}`)
      : screen === 'ref'
        ? code
        : anyId;

  it('property: every entry builds a parameter from any id it takes and parses it back (both ways)', () => {
    for (const entry of DEEP_LINKS) {
      const arbitrary = entry.takesId ? idFor(entry.screen) : fc.constant('');
      fc.assert(
        fc.property(arbitrary, (id) => {
          const param = entry.takesId ? `${entry.screen}_${id}` : entry.screen;
          fc.pre(param.length <= 64);
          const resolved = resolveStartParam(param);
          expect(resolved).toEqual({
            screen: entry.screen,
            ...(entry.takesId ? { id } : {}),
            path: entry.toPath(id),
          });
          expect(pathToStartParam(resolved!.path)).toBe(param);
          expect(pathToStartParam(`${resolved!.path.replace(/(\?|$)/, '/$1')}`)).toBe(param);
        }),
        { numRuns: 60 },
      );
    }
  });

  const slugWord = fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split('')),
    minLength: 1,
    maxLength: 12,
  });
  const slug = fc
    .array(slugWord, { minLength: 1, maxLength: 12 })
    .map((words) => words.join('-').slice(0, 80).replace(/-+$/, ''))
    .filter((s) => s.length > 0);
  const item = fc.record({ slug, id: fc.uuid({ version: 4 }) });

  it('property: every item (slugs up to 80 characters) gets a parameter of at most 64 that round-trips', () => {
    for (const screen of ['quest', 'campaign', 'klash', 'article', 'video'] as const) {
      fc.assert(
        fc.property(item, (it) => {
          const param = startParamFor(screen, it);
          expect(START_PARAM_PATTERN.test(param)).toBe(true);
          const resolved = resolveStartParam(param);
          expect(resolved?.screen).toBe(screen);
          // By slug exactly when the slug fits.
          expect(resolved?.id).toBe(screen.length + 1 + it.slug.length <= 64 ? it.slug : it.id);
          expect(pathToStartParam(resolved!.path)).toBe(param);
        }),
        { numRuns: 100 },
      );
    }
    fc.assert(
      fc.property(code, item, (c, it) => {
        const param = campaignInviteStartParam(c, it);
        expect(START_PARAM_PATTERN.test(param)).toBe(true);
        const path = startParamToPath(param);
        const url = new URL(path, 'https://k.invalid');
        expect(url.searchParams.get('ref')).toBe(c);
        expect([`/k-drop/campaigns/${it.slug}`, `/k-drop/campaigns/${it.id}`]).toContain(url.pathname);
        expect(pathToStartParam(path)).toBe(param);
      }),
      { numRuns: 100 },
    );
  });

  it('names an item by slug while it fits, by id beyond (operators may use 80-character slugs)', () => {
    const id = '0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6f';
    const fits = 'a'.repeat(58);
    expect(startParamFor('quest', { slug: fits, id })).toBe(`quest_${fits}`);
    expect(startParamFor('quest', { slug: `${fits}b`, id })).toBe(`quest_${id}`);
    const long = 'squad-royale-drop-in-the-great-monsoon-season-finale-2026-edition-x'.padEnd(80, 'z');
    expect(startParamFor('campaign', { slug: long, id })).toBe(`campaign_${id}`);
    expect(startParamToPath(`campaign_${id}`)).toBe(`/k-drop/campaigns/${id}`);
    expect(startParamFor('article', { slug: 'patch-notes', id })).toBe('article_patch-notes');
    expect(campaignInviteStartParam('AB23CD45', { slug: 'summer-cup', id })).toBe('cref_AB23CD45_summer-cup');
    expect(campaignInviteStartParam('AB23CD45', { slug: long, id })).toBe(`cref_AB23CD45_${id}`);
    expect(() => startParamFor('quest', { slug: long, id: 'not-an-id' })).toThrow();
    expect(() => campaignInviteStartParam('bad', { slug: 'x', id })).toThrow();
  });

  it('a campaign invite opens the campaign with the code, not home', () => {
    expect(resolveStartParam('cref_AB23CD45_summer_cup')).toEqual({
      screen: 'cref',
      id: 'AB23CD45_summer_cup',
      path: '/k-drop/campaigns/summer_cup?ref=AB23CD45',
    });
    expect(pathToStartParam('/k-drop/campaigns/summer-cup?ref=AB23CD45')).toBe('cref_AB23CD45_summer-cup');
    // A query that is no code leaves the plain campaign link.
    expect(pathToStartParam('/k-drop/campaigns/summer-cup?ref=nope')).toBe('campaign_summer-cup');
  });

  it('builds t.me links with the parameter encoded', () => {
    expect(miniAppLink('KhelBot', 'app', 'quest_x')).toBe('https://t.me/KhelBot/app?startapp=quest_x');
    expect(miniAppLink('KhelBot', 'app')).toBe('https://t.me/KhelBot/app');
    expect(botStartLink('KhelBot', 'earnings')).toBe('https://t.me/KhelBot?start=earnings');
    expect(botStartLink('KhelBot')).toBe('https://t.me/KhelBot');
  });
});
