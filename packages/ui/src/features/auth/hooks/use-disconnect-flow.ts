import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { type DisconnectInput, useDisconnectMethod } from '../api/disconnect-method.ts';

export interface MethodsNotice {
  tone: 'success' | 'error';
  text: string;
}

/**
 * Disconnecting a linked method: ask (the confirmation shows), then confirm (POST, and the outcome
 * as a notice: 'disconnected' or the API's message, e.g. the 409 for the last sign-in method).
 */
export function useDisconnectFlow(setNotice: (notice: MethodsNotice | null) => void) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const disconnect = useDisconnectMethod();
  const [confirming, setConfirming] = useState<DisconnectInput | null>(null);

  const ask = (input: DisconnectInput) => {
    setNotice(null);
    disconnect.reset();
    setConfirming(input);
  };

  const confirm = () => {
    if (!confirming) return;
    disconnect.mutate(confirming, {
      onSuccess: () => {
        setConfirming(null);
        setNotice({ tone: 'success', text: t('account.profile.methods.disconnected') });
      },
      onError: (error) => {
        setConfirming(null);
        setNotice({ tone: 'error', text: describeError(error) });
      },
    });
  };

  return { confirming, busy: disconnect.isPending, ask, confirm, cancel: () => setConfirming(null) };
}
