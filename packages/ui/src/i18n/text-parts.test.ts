import { LAST_NAME_MESSAGE, PLACE_NAME_MESSAGE } from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import {
  EMAIL_INVALID_MESSAGE,
  FIRST_NAME_CHARACTERS_MESSAGE,
  FIRST_NAME_LENGTH_MESSAGE,
  FIRST_NAME_SPACING_MESSAGE,
  JPEG_ONLY_MESSAGE,
  PROFILE_USERNAME_LENGTH_MESSAGE,
  USERNAME_SPACES_MESSAGE,
  USERNAME_SPECIAL_CHARACTERS_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
} from '@khel/core/validation';
import { describe, expect, it } from 'vitest';
import { leaves, placeholders } from '../test/text-tree.ts';
import { createI18n, hasTextPart, i18nReady, loadTextPart, translateApiMessage } from './index.ts';
import { accountEn } from './resources/account-en.ts';
import { accountHi, accountHiApi } from './resources/account-hi.ts';
import { accountPtBR, accountPtBRApi } from './resources/account-pt-br.ts';

describe('account texts (a part loaded with its screens)', () => {
  const english = leaves(accountEn);
  for (const [language, texts] of Object.entries({ hi: accountHi, 'pt-BR': accountPtBR })) {
    it(`${language} has exactly the English keys, none empty, with the same {{placeholders}}`, () => {
      const translated = leaves(texts);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of translated) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
      }
    });
  }

  it('Hindi is in Devanagari except brand, platform and time zone names', () => {
    const latinOnly = [...leaves(accountHi)]
      .filter(([, text]) => !/[\u0900-\u097F]/.test(text))
      .map(([key]) => key)
      .sort();
    expect(latinOnly).toEqual(
      [
        'methods.discord',
        'methods.google',
        'methods.steam',
        'methods.telegram',
        'methods.twitter',
        'methods.whatsapp',
        // The time zone's name, as the bot's /settings writes it.
        'profile.notifications.zones.UTC',
        'profile.preferences.platforms.Android',
        'profile.preferences.platforms.IOS',
        'profile.preferences.platforms.Mac',
        'profile.preferences.platforms.PC',
        'profile.preferences.platforms.Windows',
        'signIn.walletStatement',
      ].sort(),
    );
  });

  it('the statement signed in the SIWE message is ASCII in every language (EIP-4361)', () => {
    for (const texts of [accountEn, accountHi, accountPtBR]) {
      expect(texts.signIn.walletStatement).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('English quotes the SPEC §5/§8 texts and the shared rules exactly', () => {
    expect(accountEn.afterSignIn.phoneVerified).toBe('phone number successfully verified');
    expect(accountEn.afterSignIn.phoneAlreadyExists).toBe('phone number already exists');
    expect(accountEn.afterSignIn.somethingWentWrong).toBe('Something went wrong, Please try again!');
    expect(accountEn.profile.preferences.roleFailed).toBe('Error updating Khel role');
    expect(accountEn.profile.preferences.platformFailed).toBe('Error updating platform');
    expect(accountEn.profile.preferences.roleFailed).toBe(MESSAGES.updateRoleFailed);
    expect(accountEn.profile.username.errors).toEqual({
      spaces: USERNAME_SPACES_MESSAGE,
      special: USERNAME_SPECIAL_CHARACTERS_MESSAGE,
      length: PROFILE_USERNAME_LENGTH_MESSAGE,
      taken: USERNAME_TAKEN_MESSAGE,
    });
    expect(accountEn.profile.username.errors.taken).toBe('Username already taken!');
    expect(accountEn.profile.details.errors).toEqual({
      firstNameCharacters: FIRST_NAME_CHARACTERS_MESSAGE,
      firstNameSpacing: FIRST_NAME_SPACING_MESSAGE,
      firstNameLength: FIRST_NAME_LENGTH_MESSAGE,
      lastName: LAST_NAME_MESSAGE,
      place: PLACE_NAME_MESSAGE,
    });
    expect(accountEn.profile.email.errors.invalid).toBe(EMAIL_INVALID_MESSAGE);
    expect(accountEn.profile.picture.jpegOnly).toBe(JPEG_ONLY_MESSAGE);
  });

  it('API messages have translations in both languages, for the same sentences', () => {
    expect(Object.keys(accountHiApi).sort()).toEqual(Object.keys(accountPtBRApi).sort());
  });
});

describe('loading a part', () => {
  it('is not in the first texts; loadTextPart fetches English and the current language', async () => {
    const i18n = await i18nReady(createI18n({ preferred: ['pt-BR'] }));
    expect(hasTextPart(i18n, 'account')).toBe(false);
    expect(i18n.t('account.deletion.title')).toBe('account.deletion.title');

    await loadTextPart(i18n, 'account');
    expect(hasTextPart(i18n, 'account')).toBe(true);
    expect(i18n.t('account.deletion.title')).toBe('Excluir conta');
    expect(i18n.t('auth.sendCode')).toBe('Enviar código');
    // The part's API messages are now translated too.
    expect(translateApiMessage('USERNAME_TAKEN', 'Username already taken!', 'pt-BR')).toBe(
      'Nome de usuário já em uso!',
    );
  });

  it('a language chosen afterwards arrives with the parts already in use', async () => {
    const i18n = await i18nReady(createI18n({ preferred: ['en'] }));
    await loadTextPart(i18n, 'account');
    expect(i18n.t('account.profile.methods.title')).toBe('Sign-in methods');
    await i18n.changeLanguage('hi');
    expect(hasTextPart(i18n, 'account')).toBe(true);
    expect(i18n.t('account.profile.methods.title')).toBe('साइन-इन के तरीके');
    expect(i18n.t('auth.sendCode')).toBe('कोड भेजें');
  });

  it('the same load is shared by concurrent callers', () => {
    const i18n = createI18n({ preferred: ['en'] });
    expect(loadTextPart(i18n, 'account')).toBe(loadTextPart(i18n, 'account'));
  });
});
