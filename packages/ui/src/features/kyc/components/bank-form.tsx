import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useVerifyBank } from '../api/verify-documents.ts';
import {
  type BankErrors,
  cleanAccountInput,
  cleanIfscInput,
  hasErrors,
  liveConfirmError,
  validateBankForm,
} from '../lib/kyc-forms.ts';
import { KycField } from './kyc-field.tsx';

export interface BankFormProps {
  /** `update` replaces a verified account (POST /kyc/update-bank). */
  mode: 'verify' | 'update';
  /** The name on the verified PAN: the account holder's name must match it. */
  defaultHolderName?: string | null | undefined;
  onSubmitted?: () => void;
  onCancel?: () => void;
}

/** The bank form's values and errors, checked here before they are sent; a sent account number is cleared. */
function useBankForm(
  mode: BankFormProps['mode'],
  defaultHolderName: BankFormProps['defaultHolderName'],
  onSubmitted: BankFormProps['onSubmitted'],
) {
  const verify = useVerifyBank(mode);
  const [form, setForm] = useState({
    accountNumber: '',
    confirmAccountNumber: '',
    ifsc: '',
    holderName: defaultHolderName ?? '',
  });
  const [errors, setErrors] = useState<BankErrors>({});

  const change = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    const errorField = field === 'confirmAccountNumber' ? 'confirm' : field;
    if (errors[errorField]) setErrors({ ...errors, [errorField]: undefined });
  };

  const submit = () => {
    const found = validateBankForm(form);
    setErrors(found);
    if (hasErrors(found)) return;
    verify.mutate(
      { accountNumber: form.accountNumber, ifsc: form.ifsc, holderName: form.holderName.trim() },
      {
        onSuccess: () => {
          setForm((f) => ({ ...f, accountNumber: '', confirmAccountNumber: '' }));
          onSubmitted?.();
        },
      },
    );
  };

  const confirmShown = errors.confirm ?? liveConfirmError(form);
  return { verify, form, errors, change, submit, confirmShown };
}

/** Account number typed twice, IFSC and holder name (POST /kyc/verify-bank or /kyc/update-bank). */
export function BankForm({ mode, defaultHolderName, onSubmitted, onCancel }: BankFormProps) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const { verify, form, errors, change, submit, confirmShown } = useBankForm(
    mode,
    defaultHolderName,
    onSubmitted,
  );
  const title = mode === 'update' ? t('kyc.bank.updateTitle') : t('kyc.bank.title');
  return (
    <SubmitForm className="kyc-form" onSubmit={submit} aria-label={title}>
      {mode === 'update' && <h3 className="kyc-form__title">{title}</h3>}
      <p className="field__hint kyc-form__intro">
        {mode === 'update' ? t('kyc.bank.updateHint') : t('kyc.bank.hint')}
      </p>
      <KycField
        label={t('kyc.bank.accountNumber')}
        error={errors.accountNumber && t(`kyc.bank.errors.${errors.accountNumber}`)}
        value={form.accountNumber}
        onChange={(e) => change('accountNumber', cleanAccountInput(e.target.value))}
        inputMode="numeric"
        autoComplete="off"
        maxLength={18}
        masked
        mono
      />
      <KycField
        label={t('kyc.bank.confirmAccountNumber')}
        error={confirmShown && t(`kyc.bank.errors.${confirmShown}`)}
        value={form.confirmAccountNumber}
        onChange={(e) => change('confirmAccountNumber', cleanAccountInput(e.target.value))}
        onPaste={(e) => e.preventDefault()}
        inputMode="numeric"
        autoComplete="off"
        maxLength={18}
        mono
      />
      <KycField
        label={t('kyc.bank.ifsc')}
        hint={t('kyc.bank.ifscHint')}
        error={errors.ifsc && t(`kyc.bank.errors.${errors.ifsc}`)}
        value={form.ifsc}
        onChange={(e) => change('ifsc', cleanIfscInput(e.target.value))}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={11}
        mono
      />
      <KycField
        label={t('kyc.bank.holderName')}
        error={errors.holderName && t(`kyc.bank.errors.${errors.holderName}`)}
        value={form.holderName}
        onChange={(e) => change('holderName', e.target.value)}
        autoComplete="name"
        maxLength={100}
      />
      {verify.isError && <Notice tone="error">{describeError(verify.error)}</Notice>}
      <div className="actions actions--stack">
        <Button type="submit" variant="primary" busy={verify.isPending}>
          {mode === 'update' ? t('kyc.bank.updateSubmit') : t('kyc.bank.submit')}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            {t('kyc.bank.cancel')}
          </Button>
        )}
      </div>
    </SubmitForm>
  );
}
