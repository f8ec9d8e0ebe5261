import { describe, expect, it } from 'vitest';
import {
  botStartLink,
  DEEP_LINKS,
  DEFAULT_DEEP_LINK_PATH,
  miniAppLink,
  pathToStartParam,
  resolveStartParam,
  START_PARAM_PATTERN,
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
      const path = entry.toPath(entry.takesId ? 'id-1' : '');
      const param = pathToStartParam(path);
      expect(param).not.toBeNull();
      expect(START_PARAM_PATTERN.test(param!)).toBe(true);
      expect(startParamToPath(param)).toBe(path);
    }
  });

  it('builds t.me links with the parameter encoded', () => {
    expect(miniAppLink('KhelBot', 'app', 'quest_x')).toBe('https://t.me/KhelBot/app?startapp=quest_x');
    expect(miniAppLink('KhelBot', 'app')).toBe('https://t.me/KhelBot/app');
    expect(botStartLink('KhelBot', 'earnings')).toBe('https://t.me/KhelBot?start=earnings');
    expect(botStartLink('KhelBot')).toBe('https://t.me/KhelBot');
  });
});
