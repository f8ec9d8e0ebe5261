import type { ClanDetail } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/copy-field.tsx';
import { useApi } from '../../../providers/api-context.ts';
import { clanShareLinks } from '../lib/clan-view.ts';

export interface ClanShareOptions {
  /** Opens a share address (the Mini App: Telegram's openTelegramLink for t.me, openLink for the rest). */
  openShare?: ((url: string) => void) | undefined;
}

/**
 * Invitation links (members and the chief): the website's /discover-clan?clanId=<id> and the Mini App's
 * startapp=clan_<id>, to copy or share to Telegram, WhatsApp and X (this front door's link first).
 */
export function ClanInvite({ clan, openShare }: { clan: ClanDetail } & ClanShareOptions) {
  const { t } = useTranslation();
  const { platform } = useApi();
  if (!clan.invite) return null;
  const { webUrl, miniAppUrl } = clan.invite;
  const shared = platform === 'telegram' ? (miniAppUrl ?? webUrl) : webUrl;
  const links = clanShareLinks(shared, t('clans.invite.shareText', { name: clan.clanName }));
  const copy = {
    copyLabel: t('clans.invite.copy'),
    copiedLabel: t('clans.invite.copied'),
    failedLabel: t('clans.invite.copyFailed'),
  };
  return (
    <div className="clan-invite">
      <CopyField label={t('clans.invite.web')} value={webUrl} {...copy} />
      {miniAppUrl ? (
        <CopyField label={t('clans.invite.miniApp')} value={miniAppUrl} {...copy} />
      ) : (
        <p className="clan-section__hint">{t('clans.invite.noMiniApp')}</p>
      )}
      <p className="share-row__label">{t('clans.invite.share')}</p>
      <div className="share-row">
        {(['telegram', 'whatsapp', 'x'] as const).map((network) => (
          <a
            key={network}
            className={`share-button share-button--${network}`}
            href={links[network]}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => {
              if (!openShare) return;
              event.preventDefault();
              openShare(links[network]);
            }}
          >
            {t(`clans.invite.${network}`)}
          </a>
        ))}
      </div>
    </div>
  );
}
