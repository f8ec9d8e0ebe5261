import { currentLanguage, LANGUAGES, Page, useTextPart, useTranslation } from '@khel/ui';
import { NotificationSettingsCard } from '@khel/ui/profile';
import { env } from '../env.ts';
import { botChatLink, openTelegramPage } from '../open-external.ts';

/** 'Open the bot' (bot notifications) when VITE_TELEGRAM_RETURN_URL names the bot. */
const BOT_LINK = botChatLink(env.telegramReturnUrl);

/**
 * The Mini App's language: Telegram's (`language_code`: hi → Hindi, pt → Portuguese, else English) until
 * one is chosen here. A choice is the account's one language (users.language_code, stored by the providers'
 * AccountLanguage, @khel/ui): the website, the bot's replies and every push speak it; this device also keeps it
 * (tma-pref:language) for its next first screen.
 */
function LanguageChoice() {
  const { t, i18n } = useTranslation();
  const current = currentLanguage(i18n);
  return (
    <section className="card profile-section" aria-labelledby="settings-language-title">
      <h2 className="section-title" id="settings-language-title">
        {t('miniapp.settings.language')}
      </h2>
      <fieldset className="settings-languages" aria-describedby="settings-language-hint">
        <legend className="visually-hidden">{t('miniapp.settings.language')}</legend>
        {LANGUAGES.map((language) => (
          <label key={language.code} className="settings-languages__option" lang={language.code}>
            <input
              type="radio"
              name="language"
              value={language.code}
              checked={current === language.code}
              onChange={() => void i18n.changeLanguage(language.code)}
            />
            <span>{language.nativeName}</span>
          </label>
        ))}
      </fieldset>
      <p className="field__hint" id="settings-language-hint">
        {t('miniapp.settings.languageHint')}
      </p>
    </section>
  );
}

/**
 * /settings, behind Telegram's SettingsButton (the ⋯ menu): what the website keeps in its header and
 * profile, the language and the bot notifications.
 */
export default function MiniAppSettingsScreen() {
  useTextPart('miniapp');
  useTextPart('account');
  const { t } = useTranslation();
  return (
    <Page title={t('miniapp.settings.title')} width="narrow">
      <h1 className="page-title">{t('miniapp.settings.title')}</h1>
      <LanguageChoice />
      <NotificationSettingsCard botLink={BOT_LINK} onOpenBot={openTelegramPage} />
    </Page>
  );
}
