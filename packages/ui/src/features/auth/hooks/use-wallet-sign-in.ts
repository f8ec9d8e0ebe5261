import type { AuthResult, LinkResult } from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useApi } from '../../../providers/api-context.ts';
import { getSiweChallenge, linkSiwe, signInWithSiwe } from '../api/siwe.ts';
import { EvmWalletError, useSignInOptions } from '../sign-in-options.tsx';

export type WalletStatus = 'idle' | 'loading' | 'connecting' | 'signing' | 'checking';

/** The wallet chunk could not be fetched (offline, or a deploy replaced it). */
class WalletLoadError extends Error {}

type Outcome<I> = I extends 'sign-in' ? AuthResult : LinkResult;

/**
 * Sign-In with Ethereum from a browser wallet: loads the wallet adapter (the website's wagmi + viem
 * chunk) only now, connects, signs the EIP-4361 message with the server's nonce, then signs in
 * (POST /authentication/siwe, tokens stored) or links the wallet (POST /social-auth/siwe).
 */
export function useWalletSignIn<I extends 'sign-in' | 'link'>(
  intent: I,
  onDone: (result: Outcome<I>) => void,
) {
  const { t } = useTranslation();
  const { client, session } = useApi();
  const { evmWallet } = useSignInOptions();
  const describeError = useErrorMessage();
  const [status, setStatus] = useState<WalletStatus>('idle');
  const [error, setError] = useState<unknown>(null);

  const start = async () => {
    if (!evmWallet || status !== 'idle') return;
    setError(null);
    setStatus('loading');
    try {
      const wallet = await evmWallet().catch((cause: unknown) => {
        console.error('Could not load the wallet sign-in', cause);
        throw new WalletLoadError();
      });
      const signed = await wallet.signInWithEthereum({
        getChallenge: () => getSiweChallenge(client),
        statement: t('account.signIn.walletStatement'),
        onStep: setStatus,
      });
      setStatus('checking');
      const proof = { message: signed.message, signature: signed.signature };
      const result =
        intent === 'sign-in' ? await signInWithSiwe(client, session, proof) : await linkSiwe(client, proof);
      setStatus('idle');
      onDone(result as Outcome<I>);
    } catch (cause) {
      setStatus('idle');
      setError(cause);
    }
  };

  const message =
    error === null
      ? null
      : error instanceof EvmWalletError
        ? t(
            error.code === 'no-wallet'
              ? 'account.signIn.errors.noWallet'
              : error.code === 'rejected'
                ? 'account.signIn.errors.walletRejected'
                : 'account.signIn.errors.walletChain',
          )
        : error instanceof WalletLoadError
          ? t('account.signIn.errors.walletLoad')
          : describeError(error);

  const progress =
    status === 'loading' || status === 'connecting'
      ? t('account.signIn.walletConnecting')
      : status === 'signing'
        ? t('account.signIn.walletSigning')
        : status === 'checking'
          ? t('account.signIn.walletChecking')
          : null;

  return {
    available: evmWallet !== undefined,
    start,
    status,
    busy: status !== 'idle',
    progress,
    error: message,
  };
}
