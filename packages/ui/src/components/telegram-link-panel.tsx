import { useTranslation } from 'react-i18next';
import { useStartTelegramLink, useTelegramLinkProgress } from '../api/telegram-link.ts';
import { useErrorMessage } from '../hooks/use-error-message.ts';
import { useTextPart } from '../i18n/use-text-part.ts';
import { displayLocale } from '../lib/display-locale.ts';
import { Button } from './button.tsx';
import { CopyField } from './copy-field.tsx';
import { Notice } from './notice.tsx';

/**
 * Linking Telegram from the website (the profile's Telegram row, a quest's Telegram task): "Link Telegram"
 * makes a one-time `t.me/<bot>?start=link_<token>`; the user opens it in Telegram and presses Start, the
 * bot links the account, and this panel notices (it polls, and asks again when the tab comes back) and
 * says so. A Telegram account that is another Khel account's is refused with a clear message; an
 * expired link offers a new one. Texts are the `account` part's (`account.telegramLink.…`).
 */
export function TelegramLinkPanel() {
  useTextPart('account');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const start = useStartTelegramLink();
  const link = start.data;
  const state = useTelegramLinkProgress(link);
  const make = () => start.mutate();
  const until = link
    ? new Intl.DateTimeFormat(displayLocale(), { hour: 'numeric', minute: '2-digit' }).format(
        new Date(link.expiresAt),
      )
    : '';

  if (state === 'linked')
    return (
      <Notice tone="success" className="telegram-link">
        {t('account.telegramLink.linked')}
      </Notice>
    );
  return (
    <div className="telegram-link" data-state={state ?? 'idle'}>
      {state === 'conflict' && <Notice tone="error">{t('account.telegramLink.conflict')}</Notice>}
      {state === 'expired' && <Notice tone="info">{t('account.telegramLink.expired')}</Notice>}
      {start.isError && <Notice tone="error">{describeError(start.error)}</Notice>}
      {link && state === 'pending' ? (
        <>
          <p className="telegram-link__intro">{t('account.telegramLink.intro')}</p>
          <a
            className="button button--primary button--small"
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('account.telegramLink.open')}
          </a>
          <CopyField
            label={t('account.telegramLink.copyLabel')}
            value={link.url}
            copyLabel={t('account.telegramLink.copy')}
            copiedLabel={t('account.telegramLink.copied')}
            failedLabel={t('account.telegramLink.copyFailed')}
          />
          <p className="field__hint">{t('account.telegramLink.expires', { time: until })}</p>
          <p className="telegram-link__waiting" role="status">
            {t('account.telegramLink.waiting')}
          </p>
        </>
      ) : (
        <Button variant="secondary" size="small" onClick={make} busy={start.isPending}>
          {link ? t('account.telegramLink.again') : t('account.telegramLink.start')}
        </Button>
      )}
    </div>
  );
}
