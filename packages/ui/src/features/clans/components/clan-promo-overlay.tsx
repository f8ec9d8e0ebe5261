import '../clans.css';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { useNavigate } from '../../../routing/index.ts';
import { useClanStatus } from '../api/get-clan-status.ts';
import { TierBadge } from './clan-bits.tsx';

/** The promotion's card: why lead a clan, "Start my clan" (→ /clan-chief) and "Maybe later". */
export function ClanPromoCard({
  titleId,
  onStart,
  onLater,
}: {
  titleId: string;
  onStart: () => void;
  onLater: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="clan-promo">
      <div className="clan-promo__art" aria-hidden="true">
        <span className="clan-promo__crown">👑</span>
        <span className="clan-promo__tiers">
          <TierBadge tier="Bronze" />
          <TierBadge tier="Gold" />
          <TierBadge tier="Diamond" />
        </span>
      </div>
      <h2 className="modal__title clan-promo__title" id={titleId}>
        {t('clans.promo.title')}
      </h2>
      <p className="clan-promo__text">{t('clans.promo.text')}</p>
      <Button variant="primary" block onClick={onStart} data-action="promo-start">
        {t('clans.promo.cta')}
      </Button>
      <Button variant="ghost" block onClick={onLater}>
        {t('clans.promo.later')}
      </Button>
    </div>
  );
}

/**
 * SPEC §2 clan-chief promotion overlay, opened by the scheduler (promo/clan-promo.tsx). It checks the
 * clan status first: a user who has a clan after all never sees it (the answer is remembered, so the
 * scheduler skips them next time).
 */
export default function ClanPromoOverlay({ onClose }: { onClose: () => void }) {
  useTextPart('clans');
  const status = useClanStatus();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const show = status.isSuccess && status.data.clan === null;
  useEffect(() => {
    if (status.isSuccess && status.data.clan !== null) onClose();
    if (status.isError) onClose();
  }, [status.isSuccess, status.isError, status.data, onClose]);
  useEffect(() => {
    if (show && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [show]);
  if (!show) return null;
  return (
    <dialog
      ref={dialog}
      className="modal modal--small clan-promo-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="modal__body">
        <ClanPromoCard
          titleId={titleId}
          onStart={() => {
            onClose();
            navigate('/clan-chief');
          }}
          onLater={onClose}
        />
      </div>
    </dialog>
  );
}
