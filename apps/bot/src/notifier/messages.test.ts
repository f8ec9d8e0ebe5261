import { NOTIFICATION_KINDS } from '@khel/core/contract';
import { resolveStartParam } from '@khel/core/deep-links';
import { describe, expect, it } from 'vitest';
import { BOT_TEXTS } from '../texts.ts';
import { notificationStartParam, renderNotification } from './messages.ts';

const PAYLOAD = {
  questSlug: 'summer-cup',
  questTitle: 'Summer Cup',
  title: 'Daily bonus',
  kcash: '1234500',
  kpoints: '50000',
  slotsLeft: 3,
  hubName: 'Bullieverse',
  docType: 'pan',
  status: 'verified',
  clanName: 'Pune Crew',
  memberName: 'Asha',
  tier: 'Gold',
  text: 'Scrim at 9',
  name: 'Ace01',
  chain: 'ton',
  txHash: '0xabc',
};

describe('renderNotification', () => {
  it('writes every kind in every language, with a button to a screen of the deep-link table', () => {
    for (const locale of Object.keys(BOT_TEXTS)) {
      for (const kind of NOTIFICATION_KINDS) {
        const message = renderNotification(kind, PAYLOAD, locale);
        expect(message.text.length, `${locale} ${kind}`).toBeGreaterThan(10);
        expect(message.text).not.toMatch(/undefined|null|NaN/);
        expect(message.button.length).toBeGreaterThan(0);
        expect(resolveStartParam(message.startParam), message.startParam).not.toBeNull();
      }
    }
  });

  it("formats amounts the reader's way and picks the language from users.language_code", () => {
    // Whole K-Cash, as the balance on the screens reads (never "8.999.999,999 K-Cash").
    expect(renderNotification('deposit_credited', { kcash: '8999999999' }, 'pt-BR').text).toBe(
      '💰 8.999.999 K-Cash já está na sua carteira.',
    );
    expect(renderNotification('deposit_credited', { kcash: '1234567500' }, 'en').text).toContain(
      ' 12,34,567 K-Cash ',
    );
    // A TON payment: the TON to its last nanoton, the K-Cash whole.
    expect(
      renderNotification('ton_deposit_credited', { kcash: '6000000', ton: '2500000000' }, 'en').text,
    ).toBe('💎 Your 2.5 TON arrived: 6,000 K-Cash is now in your wallet.');
    expect(
      renderNotification('ton_deposit_credited', { kcash: '6000000', ton: '2500000000' }, 'pt-BR').text,
    ).toBe('💎 Seus 2,5 TON chegaram: 6.000 K-Cash já está na sua carteira.');
    expect(
      renderNotification('ton_deposit_credited', { kcash: '6000000', ton: '2500000000' }, 'hi').text,
    ).toContain('2.5 TON');
    expect(renderNotification('quest_completed', { ...PAYLOAD, kcash: '20580000' }, 'hi').text).toContain(
      '20,580 K-Cash',
    );
    expect(renderNotification('campaign_slots_low', { ...PAYLOAD, slotsLeft: 1200 }, 'pt-BR').text).toContain(
      'Só restam 1.200',
    );
    // Where money leaves (a payout), every minor unit.
    expect(renderNotification('payout_update', { kcash: '5863094', status: 'paid' }, 'en').text).toBe(
      '✅ Your payout of 5,863.094 K-Cash has been paid.',
    );
    expect(renderNotification('quest_completed', PAYLOAD, 'hi').button).toBe('क्वेस्ट देखें');
    expect(renderNotification('quest_completed', PAYLOAD, null).button).toBe('View quest');
  });

  it('says whether a KYC document or a payout went through', () => {
    expect(renderNotification('kyc_decision', { docType: 'bank', status: 'rejected' }, 'en').text).toMatch(
      /bank account could not be verified/,
    );
    expect(renderNotification('payout_update', { kcash: '5000', status: 'paid' }, 'en').text).toBe(
      '✅ Your payout of 5 K-Cash has been paid.',
    );
  });
});

describe('clan_join_request', () => {
  it('one request names the gamer; a digest says how many asked and the first names, in each language', () => {
    const digest = (count: number, memberNames: string[]) => ({
      clanName: 'Pune Crew',
      clanId: 'c',
      count,
      memberNames,
    });
    expect(
      renderNotification('clan_join_request', { clanName: 'Pune Crew', memberName: 'Asha' }, 'en').text,
    ).toBe('🙋 Asha asked to join Pune Crew.');
    expect(renderNotification('clan_join_request', digest(2, ['Asha', 'Ravi']), 'en').text).toBe(
      '🙋 2 gamers asked to join Pune Crew: Asha and Ravi.',
    );
    expect(renderNotification('clan_join_request', digest(7, ['Asha', 'Ravi', 'João']), 'en').text).toBe(
      '🙋 7 gamers asked to join Pune Crew: Asha, Ravi, João and 4 more.',
    );
    expect(renderNotification('clan_join_request', digest(3, ['Asha', 'Ravi', 'João']), 'pt-BR').text).toBe(
      '🙋 3 gamers pediram para entrar em Pune Crew: Asha, Ravi e João.',
    );
    expect(renderNotification('clan_join_request', digest(5, ['Asha', 'Ravi', 'João']), 'hi').text).toBe(
      '🙋 5 गेमर्स ने Pune Crew में जुड़ने का अनुरोध किया: Asha, Ravi, João और 2 और।',
    );
    // The button opens the chief's dashboard, where requests are answered.
    expect(renderNotification('clan_join_request', digest(2, ['A', 'B']), 'en')).toMatchObject({
      button: 'Review requests',
      startParam: 'clanchief',
    });
  });
});

describe('pog_minted', () => {
  it('names the card and its chain in each language, and its button opens the card’s showcase', () => {
    const payload = { name: 'Ace01', chain: 'ton', txHash: '0xabc' };
    expect(renderNotification('pog_minted', payload, 'en')).toEqual({
      text: "🎮 Your Proof of Gamer card Ace01 is minted on TON! Share it in any chat: type @ and the bot's name.",
      button: 'View my card',
      startParam: 'pog_Ace01',
    });
    expect(renderNotification('pog_minted', { ...payload, chain: 'evm' }, 'pt-BR').text).toContain(
      'Ace01 foi cunhado na EVM!',
    );
    expect(renderNotification('pog_minted', payload, 'hi').button).toBe('मेरा कार्ड देखें');
    expect(resolveStartParam(renderNotification('pog_minted', payload, 'hi').startParam)?.path).toBe(
      '/pog-showcase?username=Ace01',
    );
  });

  it('opens the POG home when the payload has no usable name', () => {
    expect(notificationStartParam('pog_minted', {})).toBe('pog');
    expect(notificationStartParam('pog_minted', { name: 'bad name' })).toBe('home');
  });
});

describe('klash', () => {
  const base = { tournamentSlug: 'monsoon-cup', tournamentTitle: 'Monsoon Cup' };

  it('says each tournament event in each language, and its button opens the tournament', () => {
    const en = (payload: Record<string, unknown>) =>
      renderNotification('klash', { ...base, ...payload }, 'en');
    expect(en({ event: 'registered' })).toEqual({
      text: "✅ You're registered for “Monsoon Cup”. We'll remind you an hour before it starts.",
      button: 'Open tournament',
      startParam: 'klash_monsoon-cup',
    });
    expect(en({ event: 'starting' }).text).toBe('⏰ “Monsoon Cup” starts in 1 hour. Get ready!');
    expect(en({ event: 'match_ready', opponent: 'Night Owls' }).text).toContain('you play Night Owls');
    expect(en({ event: 'results', rank: 1, kcash: '1200000' }).text).toBe(
      '🏆 “Monsoon Cup” is over: you finished #1. You won 1,200 K-Cash: collect it in your earnings.',
    );
    expect(en({ event: 'results', rank: 5, kcash: null }).text).toBe(
      '🏆 “Monsoon Cup” is over: you finished #5.',
    );
    expect(en({ event: 'cancelled', kcash: '50000' }).text).toContain(
      'Your entry fee of 50 K-Cash is refunded.',
    );
    expect(en({ event: 'clan_team', teamName: 'Night Owls', clanName: 'Pune Crew' }).text).toBe(
      '🛡️ Night Owls entered “Monsoon Cup” for Pune Crew. Cheer them on!',
    );
    for (const locale of ['hi', 'pt-BR'])
      for (const event of ['registered', 'starting', 'match_ready', 'results', 'cancelled', 'clan_team']) {
        const message = renderNotification('klash', { ...base, event, rank: 2, kcash: '800000' }, locale);
        expect(message.text).toContain('Monsoon Cup');
        expect(message.text).not.toMatch(/undefined|null|NaN/);
        expect(message.startParam).toBe('klash_monsoon-cup');
      }
    expect(resolveStartParam(en({ event: 'starting' }).startParam)?.path).toBe('/klash/monsoon-cup');
  });

  it('opens the tournament list when the payload names no tournament it can link', () => {
    expect(notificationStartParam('klash', {})).toBe('klash');
    expect(notificationStartParam('klash', { tournamentSlug: 'bad slug' })).toBe('klash');
  });
});

describe('Telegram Stars notifications', () => {
  it('the receipt of a pack or an item, and a refund (sold out or by support), in the three languages', () => {
    expect(renderNotification('stars_payment', { kcash: '500000', stars: '45' }, 'en').text).toBe(
      '🧾 Receipt: 500 K-Cash bought for 45 ⭐. It is in your wallet now.',
    );
    expect(renderNotification('stars_payment', { itemName: 'BGMI 325 UC', stars: '360' }, 'hi').text).toBe(
      '🧾 रसीद: BGMI 325 UC, 360 ⭐ में ख़रीदा। आपका कोड K-Store की रसीद में है।',
    );
    expect(
      renderNotification(
        'stars_refund',
        { itemName: 'Free Fire', stars: '240', refundReason: 'sold_out' },
        'pt-BR',
      ).text,
    ).toBe('↩️ Free Fire esgotou pouco antes do seu pagamento: suas 240 ⭐ foram reembolsadas.');
    expect(renderNotification('stars_refund', { kcash: '1000000', stars: '85' }, 'en').text).toBe(
      '↩️ Your payment of 85 ⭐ for 1,000 K-Cash has been refunded.',
    );
    expect(notificationStartParam('stars_payment', { itemName: 'BGMI 325 UC' })).toBe('store');
    expect(notificationStartParam('stars_payment', { kcash: '500000' })).toBe('history');
    expect(notificationStartParam('stars_refund', {})).toBe('history');
  });
});

describe('notificationStartParam', () => {
  it('opens the quest for quest kinds (the list for a bad slug), earnings, history and KYC for the others', () => {
    expect(notificationStartParam('quest_completed', { questSlug: 'summer-cup' })).toBe('quest_summer-cup');
    expect(notificationStartParam('hub_new_quest', {})).toBe('quests');
    expect(notificationStartParam('reward_ready', {})).toBe('earnings');
    expect(notificationStartParam('deposit_credited', {})).toBe('history');
    expect(notificationStartParam('kyc_decision', {})).toBe('kyc');
    expect(notificationStartParam('quest_slots_low', { questSlug: 'has space' })).toBe('quests');
  });

  it('names an item whose slug is too long for a start parameter (operators may use 80 characters) by its id', () => {
    const long = 'squad-royale-drop-in-'.repeat(4).slice(0, 80);
    const id = '0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6f';
    expect(notificationStartParam('quest_completed', { questSlug: long, questId: id })).toBe(`quest_${id}`);
    expect(notificationStartParam('clan_quest_added', { questSlug: long, questId: id })).toBe(`quest_${id}`);
    expect(notificationStartParam('campaign_live', { campaignSlug: long, campaignId: id })).toBe(
      `campaign_${id}`,
    );
    expect(notificationStartParam('klash', { tournamentSlug: long, tournamentId: id })).toBe(`klash_${id}`);
    // Without the id such a slug has no link: the list, never a parameter Telegram would refuse.
    expect(notificationStartParam('quest_completed', { questSlug: long })).toBe('quests');
  });

  it('opens the campaign for campaign kinds, the campaign list without a slug', () => {
    expect(notificationStartParam('campaign_claim_available', { campaignSlug: 'fixed-drop' })).toBe(
      'campaign_fixed-drop',
    );
    expect(notificationStartParam('raffle_won', {})).toBe('campaigns');
    expect(
      renderNotification('campaign_slots_low', { campaignTitle: 'Fixed Drop', slotsLeft: 9 }, 'en').text,
    ).toBe('⏳ Only 9 reward slots left on “Fixed Drop”. Finish your tasks before they run out.');
  });
});

describe('daily_streak_reminder', () => {
  it('names the streak in the reader’s numbers, in each language, and its button opens home', () => {
    expect(renderNotification('daily_streak_reminder', { streak: 12, day: '2026-11-24' }, 'en')).toEqual({
      text: "🔥 Your 12-day streak ends tonight unless you claim today's daily reward. Keep it going!",
      button: 'Claim my reward',
      startParam: 'home',
    });
    expect(renderNotification('daily_streak_reminder', { streak: '1500' }, 'pt-BR').text).toContain(
      'Sua sequência de 1.500 dias',
    );
    expect(renderNotification('daily_streak_reminder', { streak: '3' }, 'hi').text).toContain(
      'आपकी 3 दिन की स्ट्रीक',
    );
    expect(renderNotification('daily_streak_reminder', { streak: '3' }, 'hi').button).toBe('इनाम लें');
    expect(resolveStartParam(notificationStartParam('daily_streak_reminder', {}))?.path).toBe('/home');
    // Yesterday missed, a freeze held: the reminder says the freeze saves it.
    expect(renderNotification('daily_streak_reminder', { streak: 6, freeze: true }, 'en').text).toBe(
      "🧊 You missed yesterday, but a streak freeze will save your 6-day streak if you claim today's reward before midnight.",
    );
    expect(renderNotification('daily_streak_reminder', { streak: 6, freeze: true }, 'hi').text).toContain(
      'स्ट्रीक फ़्रीज़',
    );
    expect(renderNotification('daily_streak_reminder', { streak: 6, freeze: true }, 'pt-BR').text).toContain(
      'proteção de sequência salva sua sequência de 6 dias',
    );
  });

  it('says it without a number when the payload has no usable streak', () => {
    for (const locale of ['en', 'hi', 'pt-BR']) {
      const text = renderNotification('daily_streak_reminder', { streak: 'many' }, locale).text;
      expect(text).toMatch(/^🔥 /);
      expect(text).not.toMatch(/\d|undefined|null/);
    }
  });
});

describe('level_reached', () => {
  it('says the level and the K-Points in each language, and opens home', () => {
    expect(renderNotification('level_reached', { level: 5, kpoints: '250' }, 'en').text).toContain(
      'Level 5! 250 K-Points are in your balance.',
    );
    expect(renderNotification('level_reached', { level: 5, kpoints: '250' }, 'hi').text).toContain('लेवल 5!');
    expect(renderNotification('level_reached', { level: 12, kpoints: '1200' }, 'pt-BR').text).toContain(
      'Nível 12! 1.200 K-Points',
    );
    expect(renderNotification('level_reached', { level: 'x' }, 'en').text).toContain(
      'You reached a new level',
    );
    expect(resolveStartParam(notificationStartParam('level_reached', {}))?.path).toBe('/home');
  });
});

describe('season_reward', () => {
  it('says the season, the rank and the K-Points in each language, and opens home', () => {
    const payload = { season: 3, rank: 2, kpoints: '12500' };
    expect(renderNotification('season_reward', payload, 'en').text).toContain(
      'Season 3 is over: you finished #2 and won 12,500 K-Points.',
    );
    expect(renderNotification('season_reward', payload, 'hi').text).toContain('सीज़न 3 खत्म');
    expect(renderNotification('season_reward', payload, 'pt-BR').text).toContain('12.500 K-Points');
    expect(renderNotification('season_reward', {}, 'en').text).toContain('The season is over');
    expect(resolveStartParam(notificationStartParam('season_reward', {}))?.path).toBe('/home');
  });
});

describe('clan wars', () => {
  it('names the opponent, the scores and what a counted winner got, in each language, and opens the clan', () => {
    const won = {
      clanName: 'Pune Crew',
      opponentName: 'Recife Raiders',
      myScore: 1300,
      opponentScore: 900,
      outcome: 'won',
      xp: 200,
      kpoints: '500',
    };
    expect(renderNotification('clan_war_result', won, 'en').text).toBe(
      '🏆 Pune Crew won the clan war against Recife Raiders, 1,300 XP to 900! You get 200 XP and 500 K-Points.',
    );
    expect(renderNotification('clan_war_result', won, 'pt-BR').text).toContain('1.300 XP a 900');
    expect(renderNotification('clan_war_result', won, 'hi').text).toContain('Recife Raiders के खिलाफ़');
    // A member who was not counted is told the result without a reward; a draw says it pays no one.
    const { xp: _xp, kpoints: _kpoints, ...unpaid } = won;
    expect(renderNotification('clan_war_result', unpaid, 'en').text).not.toContain('You get');
    expect(renderNotification('clan_war_result', { ...unpaid, outcome: 'draw' }, 'en').text).toContain(
      'A draw pays no one',
    );
    expect(renderNotification('clan_war_matched', won, 'hi').text).toContain('Recife Raiders');
    expect(resolveStartParam(notificationStartParam('clan_war_result', won))?.path).toBe('/my-clan');
  });
});
