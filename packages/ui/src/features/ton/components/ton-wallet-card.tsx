import '../ton-wallet.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { shortTonAddress } from '../lib/ton-proof.ts';

/** Where the connection stands; the app that owns the TON Connect SDK computes it. */
export type TonWalletState =
  /** TON Connect or the payload is on its way. */
  | { kind: 'loading' }
  | { kind: 'ready' }
  /** The wallet answered; the API checks the proof. */
  | { kind: 'verifying' }
  /** Linked to this account (link mode). Sign-in mode leaves the screen instead. */
  | { kind: 'linked'; address: string }
  | { kind: 'error'; message: string };

export interface TonWalletCardProps {
  /** `link` adds a wallet to the signed-in account; `sign-in` signs a visitor in with one. */
  mode: 'link' | 'sign-in';
  state: TonWalletState;
  onConnect: () => void;
  headingAs?: 'h2' | 'h3';
}

/**
 * TON wallet sign-in and linking (Mini App only: Telegram allows only TON Connect there). No wallet
 * library here: the Mini App renders this card and drives it from its TON Connect code. Linked
 * wallets are listed (and disconnected) with the other sign-in methods on the profile.
 */
export function TonWalletCard({ mode, state, onConnect, headingAs: Heading = 'h2' }: TonWalletCardProps) {
  useTextPart('miniapp');
  const { t } = useTranslation();
  const titleId = useId();
  const busy = state.kind === 'loading' || state.kind === 'verifying';

  return (
    <section className="card ton-wallet" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <Heading className="section-title" id={titleId}>
        {t('miniapp.ton.title')}
      </Heading>
      <p className="ton-wallet__intro">
        {mode === 'link' ? t('miniapp.ton.linkIntro') : t('miniapp.ton.signInIntro')}
      </p>
      {state.kind === 'linked' && (
        <Notice tone="success">{t('miniapp.ton.linked', { address: shortTonAddress(state.address) })}</Notice>
      )}
      {state.kind === 'error' && <Notice tone="error">{state.message}</Notice>}
      {busy && (
        <p className="field__hint" role="status">
          <Spinner size="sm" />{' '}
          {state.kind === 'verifying' ? t('miniapp.ton.verifying') : t('miniapp.ton.preparing')}
        </p>
      )}
      {/* Busy without a spinner of its own: the status line above shows it and says what is happening. */}
      <Button
        variant={mode === 'sign-in' ? 'secondary' : 'primary'}
        block
        onClick={onConnect}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {state.kind === 'linked' ? t('miniapp.ton.connectAnother') : t('miniapp.ton.connect')}
      </Button>
    </section>
  );
}
