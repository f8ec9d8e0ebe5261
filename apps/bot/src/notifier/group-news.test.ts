import { CLAN_GROUP_NEWS_KINDS } from '@khel/core/contract';
import { resolveStartParam } from '@khel/core/deep-links';
import { describe, expect, it } from 'vitest';
import { BOT_TEXTS } from '../texts.ts';
import { renderGroupNews } from './group-news.ts';

const CLAN = { id: '0b8f6c1e-3d2a-4f5b-9c8d-7e6f5a4b3c2d', name: 'Pune Crew' };
const PAYLOAD = { memberName: 'Asha', questTitle: 'Summer Cup', tier: 'Gold', text: 'Scrim at 9' };

describe('renderGroupNews', () => {
  it('writes every kind in every language with a button to the clan page (startapp=clan_<id>)', () => {
    for (const locale of Object.keys(BOT_TEXTS)) {
      for (const kind of CLAN_GROUP_NEWS_KINDS) {
        const news = renderGroupNews(kind, PAYLOAD, CLAN, locale);
        expect(news.text, `${locale} ${kind}`).toContain('Pune Crew');
        expect(news.text).not.toMatch(/undefined|null|NaN/);
        expect(news.startParam).toBe(`clan_${CLAN.id}`);
        expect(resolveStartParam(news.startParam)?.path).toBe(`/discover-clan?clanId=${CLAN.id}`);
      }
    }
  });

  it('names the tier in the chief’s language and says who joined', () => {
    expect(renderGroupNews('tier_reached', PAYLOAD, CLAN, 'pt-BR').text).toBe(
      '🏅 Pune Crew alcançou o nível Ouro!',
    );
    expect(renderGroupNews('member_joined', PAYLOAD, CLAN, 'en').text).toBe(
      '👋 Asha joined Pune Crew. Welcome to the crew!',
    );
    expect(renderGroupNews('group_linked', {}, CLAN, null).text).toBe(
      BOT_TEXTS.en.clan.groupWelcome('Pune Crew'),
    );
  });
});

describe('clan war news', () => {
  it('says the result from the clan’s side, with both scores', () => {
    const payload = { opponentName: 'Recife Raiders', myScore: 1300, opponentScore: 900, outcome: 'won' };
    expect(renderGroupNews('war_result', payload, CLAN, 'en').text).toBe(
      '🏆 Pune Crew won the clan war against Recife Raiders, 1,300 XP to 900!',
    );
    expect(renderGroupNews('war_result', { ...payload, outcome: 'lost' }, CLAN, 'pt-BR').text).toContain(
      'perdeu a guerra de clãs para Recife Raiders, 1.300 XP a 900',
    );
    expect(renderGroupNews('war_matched', payload, CLAN, 'hi').text).toContain('Recife Raiders');
  });
});
