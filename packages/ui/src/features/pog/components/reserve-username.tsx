import { MINT_MODES, type MintMode, type PogMintStatus } from '@khel/core/contract';
import { USERNAME_TAKEN_MESSAGE, validatePogUsername, validationMessageCode } from '@khel/core/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage, translateApiMessage } from '../../../i18n/index.ts';
import { useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { useConfirmClose } from '../../../providers/app-feedback.ts';
import { useNameAvailability } from '../api/check-name-available.ts';
import { useQuickMint } from '../api/quick-mint.ts';
import { useReserveName } from '../api/reserve-name.ts';
import { useMintContext } from './mint-context.ts';
import { TonWalletStep, useTonWalletStep } from './mint-ton.tsx';

/** The SPEC §5 message for `name` (as typed), or the taken one once the server said so; null when fine. */
export function useNameMessage(name: string, current: string | null) {
  const { t, i18n } = useTranslation();
  const { query, settled, mine } = useNameAvailability(name, current);
  const rule = name === '' ? null : validatePogUsername(name);
  const language = currentLanguage(i18n);
  if (rule)
    return { error: translateApiMessage(validationMessageCode(rule), rule, language), hint: null, ok: false };
  if (name === '') return { error: null, hint: t('pog.mint.reserve.hint'), ok: false };
  if (mine) return { error: null, hint: t('pog.mint.reserve.yours'), ok: true };
  if (!settled || query.isFetching) return { error: null, hint: t('pog.mint.reserve.checking'), ok: false };
  if (query.data && !query.data.available)
    return {
      error: translateApiMessage('USERNAME_TAKEN', USERNAME_TAKEN_MESSAGE, language),
      hint: null,
      ok: false,
    };
  if (query.data?.available)
    return { error: null, hint: t('pog.mint.reserve.available', { name }), ok: true };
  return { error: null, hint: t('pog.mint.reserve.hint'), ok: false };
}

/**
 * ReserveUsername: the name (SPEC §5 rules live as the user types, availability once typing pauses)
 * and the SPEC §2 quick-mint options QuickMint (one tap to a minted card) and CustomizePog.
 */
export function ReserveUsername({ status }: { status: PogMintStatus }) {
  const { t } = useTranslation();
  const { chain, onPrimaryAction } = useMintContext();
  const describeError = useErrorMessage();
  const [name, setName] = useState(status.name ?? '');
  const [mode, setMode] = useState<MintMode>(status.mode);
  const [touched, setTouched] = useState(false);
  const message = useNameMessage(name, status.name);
  const reserve = useReserveName();
  const quick = useQuickMint();
  const busy = reserve.isPending || quick.isPending;
  // In the Mini App a quick mint without a TON wallet connects one from here, then mints.
  const ton = useTonWalletStep(quick.error, () => quick.mutate({ name, chain }));
  const failure = reserve.error ?? (ton.needed ? null : quick.error);
  useConfirmClose(quick.isPending);

  const submit = () => {
    setTouched(true);
    if (validatePogUsername(name) !== null) return;
    if (mode === 'quick_mint') quick.mutate({ name, chain });
    else reserve.mutate({ name, mode });
  };
  useReportPrimaryAction(
    onPrimaryAction,
    ton.action ?? {
      key: `reserve:${mode}`,
      text: mode === 'quick_mint' ? t('pog.mint.mode.quick_mint') : t('pog.mint.reserve.continue'),
      run: submit,
      busy,
      enabled: message.ok,
    },
  );

  const fieldError =
    message.error && (touched || name.length >= 5 || /[^A-Za-z0-9]/.test(name)) ? message.error : null;
  return (
    <SubmitForm className="pog-step pog-reserve" onSubmit={submit} aria-labelledby="pog-reserve-title">
      <h2 className="pog-step__title" id="pog-reserve-title">
        {t('pog.mint.reserve.title')}
      </h2>
      <p className="pog-step__lead">{t('pog.mint.reserve.lead')}</p>
      <Field
        label={t('pog.mint.reserve.label')}
        name="pogName"
        value={name}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={24}
        className="pog-name-field"
        controlClassName="pog-name-input"
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setTouched(true)}
        error={fieldError ?? (failure ? describeError(failure) : undefined)}
        hint={message.ok ? <span className="pog-ok">✓ {message.hint}</span> : (message.hint ?? undefined)}
      />
      <fieldset className="pog-modes">
        <legend className="pog-modes__legend">{t('pog.mint.mode.title')}</legend>
        {MINT_MODES.map((m) => (
          <label key={m} className={`pog-mode${mode === m ? ' pog-mode--on' : ''}`} data-mode={m}>
            <input type="radio" name="mintMode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            <span className="pog-mode__icon" aria-hidden="true">
              {m === 'quick_mint' ? '⚡' : '🎨'}
            </span>
            <span className="pog-mode__text">
              <strong>{t(`pog.mint.mode.${m}`)}</strong>
              <span>{t(m === 'quick_mint' ? 'pog.mint.mode.quickText' : 'pog.mint.mode.customText')}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <TonWalletStep error={quick.error} step={ton} />
      <Button type="submit" variant="primary" block busy={busy} disabled={!message.ok}>
        {mode === 'quick_mint' ? t('pog.mint.mode.quick_mint') : t('pog.mint.reserve.continue')}
      </Button>
    </SubmitForm>
  );
}
