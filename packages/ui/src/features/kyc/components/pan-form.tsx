import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useVerifyPan } from '../api/verify-documents.ts';
import { cleanPanInput, hasErrors, holderTypeOf, type PanErrors, validatePanForm } from '../lib/kyc-forms.ts';
import { KycField } from './kyc-field.tsx';

/** PAN and the name on it (POST /kyc/verify-pan). The holder type shows once the 4th letter is typed. */
export function PanForm({ onSubmitted }: { onSubmitted?: () => void }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const verify = useVerifyPan();
  const [pan, setPan] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<PanErrors>({});
  const holderType = holderTypeOf(pan);

  const submit = () => {
    const found = validatePanForm(pan, name);
    setErrors(found);
    if (hasErrors(found)) return;
    verify.mutate({ pan, name: name.trim() }, { onSuccess: () => onSubmitted?.() });
  };

  const panHint =
    pan.length >= 4
      ? holderType
        ? t('kyc.pan.holderType', { type: t(`kyc.pan.holderTypes.${holderType}`) })
        : t('kyc.pan.unknownHolderType')
      : t('kyc.pan.numberHint');

  return (
    <SubmitForm className="kyc-form" onSubmit={submit} aria-label={t('kyc.pan.title')}>
      <p className="field__hint kyc-form__intro">{t('kyc.pan.hint')}</p>
      <KycField
        label={t('kyc.pan.number')}
        hint={panHint}
        error={errors.pan && t(`kyc.pan.errors.${errors.pan}`)}
        value={pan}
        onChange={(e) => {
          setPan(cleanPanInput(e.target.value));
          if (errors.pan) setErrors({ ...errors, pan: undefined });
        }}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={10}
        mono
      />
      <KycField
        label={t('kyc.pan.name')}
        error={errors.name && t(`kyc.pan.errors.${errors.name}`)}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (errors.name) setErrors({ ...errors, name: undefined });
        }}
        autoComplete="name"
        maxLength={100}
      />
      {verify.isError && <Notice tone="error">{describeError(verify.error)}</Notice>}
      <Button type="submit" variant="primary" block busy={verify.isPending}>
        {t('kyc.pan.submit')}
      </Button>
    </SubmitForm>
  );
}
