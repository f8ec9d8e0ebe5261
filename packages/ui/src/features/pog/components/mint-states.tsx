import {
  POG_REFRESH_LIMIT_MESSAGE,
  POG_SLOT_CURRENCIES,
  type PogMintStatus,
  type PogSlotCurrency,
} from '@khel/core/contract';
import { MESSAGES, mintProgress, mintRemainingMs } from '@khel/core/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage, translateApiMessage } from '../../../i18n/index.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { useIntentKey } from '../../../lib/intent.ts';
import { countedText } from '../../../lib/money-text.ts';
import { useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { useConfirmClose } from '../../../providers/app-feedback.ts';
import { Link } from '../../../routing/index.ts';
import { useActivateMint } from '../api/activate-mint.ts';
import { useGenerateAvatar } from '../api/generate-avatar.ts';
import { useUnlockSlot } from '../api/unlock-slot.ts';
import { showcasePath } from '../lib/pog-view.ts';
import { StepBack } from './avatar-choices.tsx';
import { useMintContext } from './mint-context.ts';
import { TonWalletStep, useTonWalletStep } from './mint-ton.tsx';
import { type CardLook, cardLookOf, PogCardBig } from './pog-card.tsx';
import { ShareButtons } from './share-buttons.tsx';

/** The card as it will look, from the status (its card once there is one). */
export function previewLook(status: PogMintStatus): CardLook {
  if (status.card)
    return { ...cardLookOf(status.card), avatarUrl: status.avatarUrl ?? status.card.avatarUrl };
  return {
    name: status.name ?? '?',
    variant: 'Common',
    total: 0,
    scores: { HUMAN: 0, PLAY: 0, SKILL: 0, COMMERCE: 0, SOCIAL: 0 },
    avatarUrl: status.avatarUrl,
    theme: status.choices.theme,
    images: null,
  };
}

/** Mint once there is an avatar (else Generate), and Refresh while generations are left. */
function AvatarActions({
  status,
  generate,
  activate,
  onMint,
}: {
  status: PogMintStatus;
  generate: ReturnType<typeof useGenerateAvatar>;
  activate: ReturnType<typeof useActivateMint>;
  onMint: () => void;
}) {
  const { t } = useTranslation();
  const hasAvatar = status.avatarUrl !== null;
  const limit = status.generationsLeft === 0;
  return (
    <div className="pog-step__actions">
      {hasAvatar ? (
        <Button
          variant="primary"
          block
          busy={activate.isPending}
          disabled={generate.isPending}
          onClick={onMint}
        >
          🪙 {t('pog.mint.avatar.mint')}
        </Button>
      ) : (
        <Button
          variant="primary"
          block
          busy={generate.isPending}
          disabled={limit}
          onClick={() => generate.mutate(undefined)}
        >
          ✨ {t('pog.mint.avatar.generate')}
        </Button>
      )}
      {hasAvatar && (
        <Button
          variant="secondary"
          busy={generate.isPending}
          disabled={limit || activate.isPending}
          onClick={() => generate.mutate(undefined)}
        >
          ⟳ {t('pog.mint.avatar.refresh')} · {t('pog.mint.avatar.left', { count: status.generationsLeft })}
        </Button>
      )}
    </div>
  );
}

/**
 * AvatarGenerationPending: the generated avatar large, refresh (generationsLeft, then 'Refresh limit
 * reached') and Mint (evm on the website, ton in the Mini App; without a TON wallet the Mini App offers
 * TON Connect).
 */
export function AvatarGenerationPending({ status }: { status: PogMintStatus }) {
  const { t, i18n } = useTranslation();
  const { chain, onPrimaryAction } = useMintContext();
  const describeError = useErrorMessage();
  const generate = useGenerateAvatar();
  const activate = useActivateMint();
  const hasAvatar = status.avatarUrl !== null;
  const limit = status.generationsLeft === 0;
  const mint = () => activate.mutate(chain);
  const ton = useTonWalletStep(activate.error, mint);
  useConfirmClose(activate.isPending);
  useReportPrimaryAction(
    onPrimaryAction,
    ton.action ??
      (hasAvatar
        ? {
            key: 'mint',
            text: t('pog.mint.avatar.mint'),
            run: mint,
            busy: activate.isPending,
            enabled: !generate.isPending,
            // Another avatar competes with minting this one.
            secondary: {
              text: t('pog.mint.avatar.refresh'),
              run: () => generate.mutate(undefined),
              enabled: !limit && !activate.isPending && !generate.isPending,
            },
          }
        : {
            key: 'generate',
            text: t('pog.mint.avatar.generate'),
            run: () => generate.mutate(undefined),
            busy: generate.isPending,
            enabled: !limit,
          }),
  );
  const backTo = status.mode === 'quick_mint' && !status.mint ? 'ReserveUsername' : 'SelfieUpload';
  return (
    <section className="pog-step pog-avatar-step" aria-labelledby="pog-avatar-title">
      <StepBack to={backTo} disabled={activate.isPending} />
      <h2 className="pog-step__title" id="pog-avatar-title">
        {t('pog.mint.avatar.title')}
      </h2>
      <div className={`pog-avatar-stage${generate.isPending ? ' pog-avatar-stage--busy' : ''}`}>
        <PogCardBig look={previewLook(status)} flippable={false} />
        {generate.isPending && (
          <div className="pog-avatar-stage__busy" role="status">
            <Spinner size="lg" />
            <span>{t('pog.mint.avatar.generating')}</span>
          </div>
        )}
      </div>
      {!hasAvatar && <p className="pog-step__lead">{t('pog.mint.avatar.none')}</p>}
      <p className="pog-step__lead pog-chain">⛓ {t(`pog.mint.avatar.chain.${chain}`)}</p>
      {generate.isError && <Notice tone="error">{describeError(generate.error)}</Notice>}
      {limit && hasAvatar && (
        <Notice tone="info">
          {translateApiMessage('REFRESH_LIMIT_REACHED', POG_REFRESH_LIMIT_MESSAGE, currentLanguage(i18n))}
        </Notice>
      )}
      {activate.isError && !ton.needed && <Notice tone="error">{describeError(activate.error)}</Notice>}
      <TonWalletStep error={activate.error} step={ton} />
      <AvatarActions status={status} generate={generate} activate={activate} onMint={mint} />
    </section>
  );
}

/** Re-renders every `ms` while `on`. */
function useNow(ms: number, on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms, on]);
  return now;
}

/**
 * MintInProgress: a bar from mintStartedAt over mintExpectedMs (SPEC §4: about 100 s) while the status
 * is polled; the mint goes on if the user leaves. A failed attempt the server retries shows 'Something
 * broke while minting your POG card.'.
 */
export function MintInProgress({ status }: { status: PogMintStatus }) {
  const { t, i18n } = useTranslation();
  const { onPrimaryAction } = useMintContext();
  const now = useNow(500, true);
  useReportPrimaryAction(onPrimaryAction, null);
  const started = status.mintStartedAt ? Date.parse(status.mintStartedAt) : now;
  const duration = status.mintExpectedMs > 0 ? status.mintExpectedMs : undefined;
  const share = mintProgress(started, now, duration);
  const left = Math.ceil(mintRemainingMs(started, now, duration) / 1000);
  const percent = Math.round(share * 100);
  return (
    <section className="pog-step pog-progress" aria-labelledby="pog-progress-title">
      <div className="pog-progress__card">
        <PogCardBig look={previewLook(status)} flippable={false} />
        <span className="pog-progress__glow" aria-hidden="true" />
      </div>
      <h2 className="pog-step__title" id="pog-progress-title">
        {t('pog.mint.progress.title')}
      </h2>
      <div
        className="pog-progress__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('pog.mint.progress.title')}
      >
        <span className="pog-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="pog-progress__meta">
        <strong>{t('pog.mint.progress.percent', { percent })}</strong>
        <span>
          {left > 0 ? t('pog.mint.progress.left', { seconds: left }) : t('pog.mint.progress.almost')}
        </span>
      </p>
      {status.mintError && (
        <Notice tone="error">
          {translateApiMessage('MINT_FAILED', MESSAGES.mintFailed, currentLanguage(i18n))}
        </Notice>
      )}
      <p className="pog-step__lead">{t('pog.mint.progress.lead')}</p>
    </section>
  );
}

/** Minted: the celebration, the card, share and the way to the dashboard and showcase. */
export function Minted({ status }: { status: PogMintStatus }) {
  const { t } = useTranslation();
  const { onPrimaryAction, openShare } = useMintContext();
  useReportPrimaryAction(onPrimaryAction, null);
  const name = status.card?.name ?? status.name ?? '';
  return (
    <section className="pog-step pog-minted" aria-labelledby="pog-minted-title">
      <div className="pog-confetti" aria-hidden="true">
        {Array.from({ length: 18 }, (_, i) => (
          <span key={i} style={{ '--i': i } as React.CSSProperties} />
        ))}
      </div>
      <h2 className="pog-step__title pog-minted__title" id="pog-minted-title">
        🏆 {t('pog.mint.minted.title')}
      </h2>
      <p className="pog-step__lead">{t('pog.mint.minted.lead', { name })}</p>
      <PogCardBig look={previewLook(status)} />
      <h3 className="pog-step__sub">{t('pog.mint.minted.share')}</h3>
      <ShareButtons mine openShare={openShare} />
      <div className="pog-step__actions">
        <Link className="button button--primary button--block" to="/my-pog">
          {t('pog.mint.minted.open')}
        </Link>
        {name && (
          <Link className="button button--secondary" to={showcasePath(name)}>
            {t('pog.home.showcase')}
          </Link>
        )}
      </div>
    </section>
  );
}

/** SlotPaymentProcessing: the slot's payment is running (polled). */
export function SlotPaymentProcessing() {
  const { t } = useTranslation();
  const { onPrimaryAction } = useMintContext();
  useReportPrimaryAction(onPrimaryAction, null);
  return (
    <section className="pog-step pog-slot" role="status">
      <Spinner size="lg" />
      <h2 className="pog-step__title">{t('pog.mint.slot.processing')}</h2>
      <p className="pog-step__lead">{t('pog.mint.slot.processingLead')}</p>
    </section>
  );
}

/** Buy buttons for a slot, in K-Cash or rKHEL, each with its own Idempotency-Key per intent. */
export function SlotBuyButtons({ status, onBought }: { status: PogMintStatus; onBought?: () => void }) {
  const { t, i18n } = useTranslation();
  const describeError = useErrorMessage();
  const unlock = useUnlockSlot();
  const intent = useIntentKey();
  const [currency, setCurrency] = useState<PogSlotCurrency | null>(null);
  const buy = (c: PogSlotCurrency) => {
    if (c !== currency) intent.end();
    setCurrency(c);
    const idempotencyKey = c === currency && intent.key ? intent.key : intent.begin();
    unlock.mutate(
      { currency: c, idempotencyKey },
      {
        onSuccess: () => {
          intent.end();
          onBought?.();
        },
      },
    );
  };
  const notEnough = isApiError(unlock.error) && unlock.error.message === MESSAGES.notEnoughBalance;
  return (
    <div className="pog-slot-buy">
      <div className="pog-slot-buy__row">
        {POG_SLOT_CURRENCIES.map((c) => (
          <Button
            key={c}
            variant={c === 'KCASH' ? 'primary' : 'secondary'}
            busy={unlock.isPending && currency === c}
            disabled={unlock.isPending}
            onClick={() => buy(c)}
          >
            {t('pog.dashboard.buyWith', {
              price: countedText({ amount: status.slotPrices[c], currency: c }),
            })}
          </Button>
        ))}
      </div>
      {unlock.isError && (
        <Notice tone="error" as="div">
          <p>
            {notEnough
              ? translateApiMessage('NOT_ENOUGH_BALANCE', MESSAGES.notEnoughBalance, currentLanguage(i18n))
              : describeError(unlock.error)}
          </p>
          {notEnough && (
            <Link className="button button--secondary button--small" to="/buy-kcash">
              {t('pog.dashboard.buyKcash')}
            </Link>
          )}
        </Notice>
      )}
    </div>
  );
}

/** SlotPaymentFailed: 'Payment Failed, Please try again!', pay again or back to the card. */
export function SlotPaymentFailed({ status }: { status: PogMintStatus }) {
  const { i18n } = useTranslation();
  const { onPrimaryAction } = useMintContext();
  useReportPrimaryAction(onPrimaryAction, null);
  return (
    <section className="pog-step pog-slot" aria-labelledby="pog-slot-failed">
      <h2 className="pog-step__title" id="pog-slot-failed">
        {translateApiMessage('PAYMENT_FAILED', MESSAGES.paymentFailed, currentLanguage(i18n))}
      </h2>
      <SlotBuyButtons status={status} />
      <StepBack to="Minted" />
    </section>
  );
}
