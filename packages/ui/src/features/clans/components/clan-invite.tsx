import type { ClanDetail } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/copy-field.tsx';
import { type ShareOptions, ShareRow } from '../../../components/share-row.tsx';
import { shareLinks } from '../../../lib/share-links.ts';
import { useApi } from '../../../providers/api-context.ts';

export type ClanShareOptions = ShareOptions;

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
  const links = shareLinks(shared, t('clans.invite.shareText', { name: clan.clanName }));
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
      <ShareRow
        links={links}
        openShare={openShare}
        label={t('clans.invite.share')}
        networks={{
          telegram: t('clans.invite.telegram'),
          whatsapp: t('clans.invite.whatsapp'),
          x: t('clans.invite.x'),
        }}
      />
    </div>
  );
}
