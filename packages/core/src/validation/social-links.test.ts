import { describe, expect, it } from 'vitest';
import {
  isValidSocialLink,
  isValidUrl,
  type SocialPlatform,
  socialLinkSchema,
  URL_INVALID_MESSAGE,
  urlSchema,
} from './social-links.ts';

const cases: Record<SocialPlatform, { valid: string[]; invalid: string[] }> = {
  discord: {
    valid: [
      'https://discord.gg/khel',
      'https://discord.com/invite/AbC123',
      'https://discordapp.com/invite/x1y2',
      'https://discord.com/users/123456789012345678',
    ],
    invalid: [
      'https://discord.com/channels/1/2',
      'https://discord.com/khel',
      'https://discord.gg/',
      'https://discord.gg.evil.com/khel',
    ],
  },
  instagram: {
    valid: [
      'https://instagram.com/khel.gaming',
      'https://www.instagram.com/khel_in/',
      'http://m.instagram.com/abc',
    ],
    invalid: [
      'https://instagram.com/p/Cxyz',
      'https://instagram.com/',
      'https://instagram.com.br/khel',
      'https://instagr.am/khel',
    ],
  },
  twitter: {
    valid: ['https://twitter.com/khel', 'https://x.com/Khel_Games', 'https://mobile.twitter.com/khel'],
    invalid: [
      'https://x.com/home',
      'https://x.com/this_handle_is_too_long',
      'https://x.co/khel',
      'https://x.com/khel/status/1',
    ],
  },
  facebook: {
    valid: [
      'https://facebook.com/khel.gaming',
      'https://www.facebook.com/profile.php?id=100012345678',
      'https://fb.com/khelgames',
    ],
    invalid: ['https://facebook.com/groups', 'https://facebook.com/ab', 'https://facebook.co/khelgames'],
  },
  youtube: {
    valid: [
      'https://www.youtube.com/@khel',
      'https://youtube.com/channel/UC1234567890abcdefghijkl',
      'https://m.youtube.com/c/KhelGaming',
      'https://youtube.com/user/khel',
    ],
    invalid: [
      'https://youtube.com/khel',
      'https://youtube.com/channel/UC123',
      'https://youtu.be/abc',
      'https://youtube.com/watch?v=abc',
    ],
  },
  steam: {
    valid: [
      'https://steamcommunity.com/id/khelgamer',
      'https://steamcommunity.com/profiles/76561198000000000/',
    ],
    invalid: [
      'https://steamcommunity.com/profiles/123',
      'https://store.steampowered.com/app/730',
      'https://steamcommunity.com/groups/x',
    ],
  },
};

describe('social links match the platform URL pattern (SPEC §5)', () => {
  for (const [platform, { valid, invalid }] of Object.entries(cases) as [
    SocialPlatform,
    (typeof cases)[SocialPlatform],
  ][]) {
    it.each(valid)(`${platform}: accepts %s`, (url) => {
      expect(isValidSocialLink(platform, url)).toBe(true);
    });
    it.each(invalid)(`${platform}: refuses %s`, (url) => {
      expect(isValidSocialLink(platform, url)).toBe(false);
    });
  }

  it('a link of one platform is refused for another', () => {
    expect(isValidSocialLink('instagram', 'https://x.com/khel')).toBe(false);
    expect(isValidSocialLink('twitter', 'https://instagram.com/khel')).toBe(false);
  });

  it('refuses non-http schemes and credentials', () => {
    expect(isValidSocialLink('twitter', 'javascript://x.com/khel')).toBe(false);
    expect(isValidSocialLink('twitter', 'https://user:pw@x.com/khel')).toBe(false);
  });

  it('schema message names the platform', () => {
    expect(socialLinkSchema('twitter').safeParse('https://x.com/home').error?.issues[0]?.message).toBe(
      'Please enter a valid Twitter or X link',
    );
    expect(socialLinkSchema('discord').parse(' https://discord.gg/khel ')).toBe('https://discord.gg/khel');
  });
});

describe('generic links must be a valid URL (SPEC §5)', () => {
  it.each(['https://khel.gg', 'http://example.com/path?q=1#x', 'https://sub.domain.co.in'])(
    'accepts %s',
    (url) => {
      expect(isValidUrl(url)).toBe(true);
    },
  );

  it.each([
    'khel.gg',
    'https://localhost',
    'ftp://example.com',
    'javascript:alert(1)',
    'https://',
    'not a url',
    'https://a..b',
  ])('refuses %s', (url) => {
    expect(isValidUrl(url)).toBe(false);
    expect(urlSchema.safeParse(url).error?.issues[0]?.message).toBe(URL_INVALID_MESSAGE);
  });
});
