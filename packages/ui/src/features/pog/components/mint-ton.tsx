import { POG_TON_WALLET_NEEDED_MESSAGE } from '@khel/core/contract';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { isApiError } from '../../../lib/api-result.ts';
import type { PrimaryAction } from '../../../lib/primary-action.ts';
import { useMintContext } from './mint-context.ts';

/** The activate (or quick mint) call was refused because the Mini App user has no TON wallet linked. */
export function needsTonWallet(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 409 || error.status === 422) &&
    error.message === POG_TON_WALLET_NEEDED_MESSAGE
  );
}

/** What the mint flow gives the Mini App's TON Connect linking (MintContext.tonWallet). */
export interface TonWalletSlotProps {
  /** The wallet is linked to the account: the mint goes on. */
  onLinked: () => void;
  /** TON Connect's modal opens each time this grows (at once when it is 1 on mount). */
  connectRequests: number;
}

export type TonWalletSlot = ComponentType<TonWalletSlotProps>;

/**
 * A mint refused for want of a TON wallet ('Connect a TON wallet to mint your card in Telegram.'): TON
 * Connect's modal opens from this step at once, the step's main action opens it again, and once the
 * wallet is linked the same mint is sent again (`retry`).
 */
export function useTonWalletStep(error: unknown, retry: () => void) {
  const { t } = useTranslation();
  const { tonWallet } = useMintContext();
  const needed = tonWallet !== null && needsTonWallet(error);
  // Each refusal opens the modal once; the main action opens it again.
  const [requests, setRequests] = useState(0);
  const [seen, setSeen] = useState<unknown>(null);
  if (needed && seen !== error) {
    setSeen(error);
    setRequests((n) => n + 1);
  }
  const connect = () => setRequests((n) => n + 1);
  const action: (PrimaryAction & { key: string }) | null = needed
    ? { key: 'connect-ton', text: t('pog.mint.tonConnect'), run: connect, busy: false, enabled: true }
    : null;
  return { needed, requests, action, retry };
}

/** The reason, the TON wallet card (TON Connect) and what happens next. */
export function TonWalletStep({
  error,
  step,
}: {
  error: unknown;
  step: ReturnType<typeof useTonWalletStep>;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const { tonWallet: TonWallet } = useMintContext();
  if (!step.needed || !TonWallet) return null;
  return (
    <div className="pog-ton">
      <Notice tone="info">{describeError(error)}</Notice>
      <TonWallet onLinked={step.retry} connectRequests={step.requests} />
      <p className="pog-muted">{t('pog.mint.avatar.connectTon')}</p>
    </div>
  );
}
