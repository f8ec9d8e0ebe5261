import '../pog.css';
import type { PogMintStatus } from '@khel/core/contract';
import { MESSAGES, MINT_STEPS, type MintLoadingState } from '@khel/core/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { WarningIcon } from '../../../components/icons.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage, translateApiMessage } from '../../../i18n/index.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import type { PrimaryActionListener } from '../../../lib/primary-action.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { useConfirmClose, useGainWhen } from '../../../providers/app-feedback.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useMintStatus } from '../api/get-mint-status.ts';
import { myPogQueryKey, pogFeedsKey } from '../api/pog-keys.ts';
import { AvatarCategorySelection, CharacterSelection, StyleSelection } from './avatar-choices.tsx';
import { MintContext, type MintContextValue } from './mint-context.ts';
import {
  AvatarGenerationPending,
  Minted,
  MintInProgress,
  SlotPaymentFailed,
  SlotPaymentProcessing,
} from './mint-states.tsx';
import type { TonWalletSlot } from './mint-ton.tsx';
import { ReserveUsername } from './reserve-username.tsx';
import { SelfieUpload } from './selfie-upload.tsx';
import type { PogScreenOptions } from './share-buttons.tsx';

/** SPEC §4 steps shown to the user: Reserve name, Create avatar, Mint POG card. */
export function MintStepper({ step, done = false }: { step: number; done?: boolean }) {
  const { t } = useTranslation();
  return (
    <ol className="pog-stepper" aria-label={t('pog.mint.steps.label')}>
      {MINT_STEPS.map((s, i) => {
        const state = done || i < step ? 'done' : i === step ? 'current' : 'todo';
        return (
          <li
            key={s.key}
            className={`pog-stepper__step pog-stepper__step--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="pog-stepper__dot" aria-hidden="true">
              {state === 'done' ? '✓' : i + 1}
            </span>
            <span className="pog-stepper__label">{t(`pog.mint.steps.${s.key}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** The screen of the server's state. */
export function MintFlow({ status }: { status: PogMintStatus }) {
  const queryClient = useQueryClient();
  // The Mini App: the success haptic when the card is minted, and a confirmation before closing while
  // the mint (or a slot's payment) runs.
  useGainWhen(status.state === 'Minted');
  useConfirmClose(status.state === 'MintInProgress' || status.state === 'SlotPaymentProcessing');
  // A mint the polling saw finish: the dashboard and the feeds now have the card.
  useEffect(() => {
    if (status.state !== 'Minted') return;
    void queryClient.invalidateQueries({ queryKey: myPogQueryKey });
    void queryClient.invalidateQueries({ queryKey: pogFeedsKey });
  }, [status.state, queryClient]);
  // Each state is its own component (key), so a step's local choices start fresh when the server moves.
  const screens: Record<PogMintStatus['state'], ReactNode> = {
    ReserveUsername: <ReserveUsername status={status} />,
    AvatarCategorySelection: <AvatarCategorySelection status={status} />,
    CharacterSelection: <CharacterSelection status={status} />,
    StyleSelection: <StyleSelection status={status} />,
    SelfieUpload: <SelfieUpload status={status} />,
    AvatarGenerationPending: <AvatarGenerationPending status={status} />,
    MintInProgress: <MintInProgress status={status} />,
    Minted: <Minted status={status} />,
    SlotPaymentProcessing: <SlotPaymentProcessing />,
    SlotPaymentFailed: <SlotPaymentFailed status={status} />,
  };
  return (
    <div className="pog-mint" data-state={status.state} key={status.state}>
      <MintStepper step={status.step} done={status.state === 'Minted'} />
      {screens[status.state]}
    </div>
  );
}

/** SPEC §4 FAILED: 'Mission failed!' with the reason and a retry. */
export function MissionFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const describeError = useErrorMessage();
  return (
    <div className="state state--error pog-failed" role="alert">
      <WarningIcon className="state__icon" />
      <p className="pog-failed__title">
        {translateApiMessage('MISSION_FAILED', MESSAGES.missionFailed, currentLanguage(i18n))}
      </p>
      <p className="state__text">{describeError(error)}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('pog.mint.failedRetry')}
      </Button>
    </div>
  );
}

export interface MintScreenProps extends PogScreenOptions {
  onPrimaryAction?: PrimaryActionListener;
  /** The Mini App's TON Connect linking, offered (its modal open) when minting on TON needs a wallet. */
  tonWallet?: TonWalletSlot | null;
  /** Whether a user is signed in (the session's answer unless given: tests, server rendering). */
  signedIn?: boolean;
}

/**
 * /pog/mint: the mint flow as the server drives it (GET /pog/mint/status; every write answers the new
 * status), polled while a mint runs so it survives leaving. Loading states INITIAL, LOADING, FAILED.
 */
export function MintScreen({ onPrimaryAction, tonWallet = null, openShare, ...props }: MintScreenProps = {}) {
  useTextPart('pog');
  const { t } = useTranslation();
  const { platform } = useApi();
  const session = useIsSignedIn();
  const signedIn = props.signedIn ?? session;
  const openModal = useUiStore((s) => s.openModal);
  const status = useMintStatus();
  const context = useMemo<MintContextValue>(
    () => ({ chain: platform === 'telegram' ? 'ton' : 'evm', onPrimaryAction, tonWallet, openShare }),
    [platform, onPrimaryAction, tonWallet, openShare],
  );
  const loading: MintLoadingState = status.isError ? 'FAILED' : status.isPending ? 'LOADING' : 'INITIAL';
  return (
    <Page title={t('pog.mint.title')} width="medium">
      <MintContext.Provider value={context}>
        <div className="pog-mint-page" data-loading={loading}>
          <h1 className="page-title pog-mint-page__title">{t('pog.mint.title')}</h1>
          {!signedIn ? (
            <div className="pog-signin">
              <MintStepper step={0} />
              <p>{t('pog.mint.signIn')}</p>
              <Button variant="primary" onClick={() => openModal('login')}>
                {t('pog.signIn')}
              </Button>
            </div>
          ) : status.isPending ? (
            <LoadingState skeletonLines={4} />
          ) : status.isError ? (
            <MissionFailed error={status.error} onRetry={() => void status.refetch()} />
          ) : (
            <MintFlow status={status.data} />
          )}
        </div>
      </MintContext.Provider>
    </Page>
  );
}
