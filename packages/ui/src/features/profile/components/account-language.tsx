import { matchLanguage } from '@khel/core/format';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/index.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { getProfileQueryOptions } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/**
 * One language per account (users.language_code), wherever the person is. Signed in:
 * - the page speaks the account's language as soon as the profile says it (chosen on another device,
 *   in the bot's /settings, or by Telegram at the Mini App's first sign-in);
 * - a choice in the language menu is stored on the account, so every push and email speaks it too;
 * - an account without one (made on the website) takes the page's.
 * Renders nothing; mounted once by the app's providers.
 */
export function AccountLanguage() {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  const { i18n } = useTranslation();
  const profile = useQuery({ ...getProfileQueryOptions(client), enabled: signedIn });
  const update = useUpdateProfile();
  const save = useRef(update.mutate);
  save.current = update.mutate;
  const loaded = signedIn && profile.data !== undefined;
  const account = loaded ? matchLanguage(profile.data?.language_code) : null;

  // The account's language, each time it changes, becomes the page's.
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!account || account === shown.current) return;
    shown.current = account;
    if (currentLanguage(i18n) !== account) void i18n.changeLanguage(account);
  }, [account, i18n]);

  // The page's language is stored on an account that has none, and after each choice in the menu.
  useEffect(() => {
    if (!loaded) return;
    if (account === null) save.current({ language_code: currentLanguage(i18n) });
    const onChange = () => {
      const page = currentLanguage(i18n);
      if (page !== shown.current) {
        shown.current = page;
        save.current({ language_code: page });
      }
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [loaded, account, i18n]);
  return null;
}
