import { describe, expect, it } from 'vitest';
import {
  GAME_LOGIN_RULES,
  GAME_USER_ID_SPACES_MESSAGE,
  gameLoginValueSchema,
  isValidGameUserId,
  isValidSolanaWallet,
  isValidSteamId,
  isValidSteamLink,
  SOLANA_WALLET_MESSAGE,
  STEAM_ID_MESSAGE,
  validateInGameEmail,
  validateSteamLink,
} from './game-login.ts';

describe('game login values (SPEC §5)', () => {
  it('in-game email must match the email pattern', () => {
    expect(validateInGameEmail('player@game.com')).toBeNull();
    expect(validateInGameEmail('player@game')).toBe('Please enter a valid email address');
  });

  describe('Solana wallet: base58, 32 to 44 characters', () => {
    it('accepts real-looking keys of 32, 43 and 44 characters', () => {
      expect(isValidSolanaWallet('11111111111111111111111111111111')).toBe(true); // 32: system program
      expect(isValidSolanaWallet('So11111111111111111111111111111111111111112')).toBe(true); // 43
      expect(isValidSolanaWallet('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true);
      expect(isValidSolanaWallet('9'.repeat(44))).toBe(true);
    });

    it('refuses 31 and 45 characters', () => {
      expect(isValidSolanaWallet('1'.repeat(31))).toBe(false);
      expect(isValidSolanaWallet('1'.repeat(45))).toBe(false);
    });

    it('refuses characters outside base58: 0, O, I and l', () => {
      for (const bad of ['0', 'O', 'I', 'l']) {
        expect(isValidSolanaWallet(`${'1'.repeat(35)}${bad}`)).toBe(false);
      }
      expect(GAME_LOGIN_RULES.solana_wallet(`0x${'a'.repeat(40)}`)).toBe(SOLANA_WALLET_MESSAGE);
    });
  });

  it('username or in-game user id has no spaces', () => {
    expect(isValidGameUserId('Shadow_Ninja#1234')).toBe(true);
    expect(GAME_LOGIN_RULES.username('Shadow Ninja')).toBe(GAME_USER_ID_SPACES_MESSAGE);
    expect(GAME_LOGIN_RULES.user_id('5123 8888')).toBe(GAME_USER_ID_SPACES_MESSAGE);
    expect(isValidGameUserId('')).toBe(false);
  });

  it('Steam id is digits only, at least 17 long', () => {
    expect(isValidSteamId('76561198000000000')).toBe(true); // 17
    expect(isValidSteamId('765611980000000001')).toBe(true); // 18
    expect(isValidSteamId('7656119800000000')).toBe(false); // 16
    expect(GAME_LOGIN_RULES.steam_id('7656119800000000a')).toBe(STEAM_ID_MESSAGE);
  });

  describe('Steam link formats: STEAM_x:y:z, [U:1:n] or 17 digits', () => {
    it.each(['STEAM_0:1:12345678', 'STEAM_1:0:1', '[U:1:24691357]', '76561198000000000'])(
      'accepts %s',
      (v) => {
        expect(isValidSteamLink(v)).toBe(true);
      },
    );

    it.each([
      'STEAM_0:2:123',
      'STEAM_0:1:',
      'steam_0:1:123',
      '[U:2:123]',
      'U:1:123',
      '7656119800000000',
      '765611980000000001',
      'https://steamcommunity.com/id/x',
    ])('refuses %s', (v) => {
      expect(isValidSteamLink(v)).toBe(false);
      expect(validateSteamLink(v)).toBe('Please enter a valid Steam ID (STEAM_X:Y:Z, [U:1:N] or 17 digits)');
    });
  });

  it('gameLoginValueSchema picks the rule by kind; ids are not trimmed (a space is an error)', () => {
    expect(gameLoginValueSchema('steam_link').parse(' [U:1:5] ')).toBe('[U:1:5]');
    expect(gameLoginValueSchema('username').safeParse('ninja ').error?.issues[0]?.message).toBe(
      GAME_USER_ID_SPACES_MESSAGE,
    );
  });
});
