import { OTP_LENGTH } from '@khel/core/contract';
import { formatCountdown } from '@khel/core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useMsLeft } from '../../../hooks/use-ms-left.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { formatPhone } from '../../../lib/phone-format.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useSendClanChiefOtp, useVerifyClanChiefOtp } from '../api/clan-chief-otp.ts';
import { CLAN_COUNTRIES, flagOf } from '../lib/clan-countries.ts';
import {
  keepPendingCode,
  type PendingCode,
  readPendingCode,
  sendRefusalOf,
  splitPhone,
} from '../lib/pending-code.ts';

/**
 * sessionStorage written by the sign-in when a phone is verified on this page (SPEC §2: the number goes
 * into the clan-chief registration data; features/auth/lib/after-sign-in.ts CLAN_CHIEF_REGISTRATION_KEY).
 */
export const SIGN_IN_REGISTRATION_KEY = 'khel.clanChiefRegistration';

/** The phone the sign-in stored for this registration, split into country and national number. */
export function signInPhone(
  storage: Pick<Storage, 'getItem'> | null,
): { country: string; national: string } | null {
  try {
    const raw = storage?.getItem(SIGN_IN_REGISTRATION_KEY);
    const phone = raw ? (JSON.parse(raw) as { phoneNumber?: unknown }).phoneNumber : null;
    return typeof phone === 'string' ? splitPhone(phone) : null;
  } catch {
    return null;
  }
}

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** E.164 from a dial code and what was typed (spaces, dashes and a leading 0 dropped). */
export function toE164(dialCode: string, national: string): string {
  const digits = national.replace(/\D/g, '').replace(/^0+/, '');
  return `${dialCode}${digits}`;
}

/** Country and national number; fixed while a code is on its way. */
function PhoneNumberRow({
  country,
  onCountry,
  national,
  onNational,
  locked,
}: {
  country: string;
  onCountry: (country: string) => void;
  national: string;
  onNational: (national: string) => void;
  locked: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="phone-verification__row">
      <select
        className="field__control field__control--select phone-verification__country"
        aria-label={t('clans.create.country')}
        value={country}
        disabled={locked}
        onChange={(e) => onCountry(e.target.value)}
      >
        {CLAN_COUNTRIES.map((o) => (
          <option key={o.code} value={o.code}>{`${flagOf(o.code)} ${o.dialCode}`}</option>
        ))}
      </select>
      <input
        className="field__control phone-verification__number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        aria-label={t('clans.registration.phone')}
        value={national}
        disabled={locked}
        onChange={(e) => onNational(e.target.value)}
      />
    </div>
  );
}

/**
 * The code sent to `pending.phone`: type it and Verify; a new code once the wait is over (its countdown shown),
 * or another number. A wrong code is said under the field; any other refusal alerts (SPEC §8) and ends this
 * attempt.
 */
function CodeEntry({
  pending,
  onVerified,
  onResend,
  resending,
  onRestart,
}: {
  pending: PendingCode;
  onVerified: () => void;
  /** Asks a new code for the same phone. */
  onResend: () => void;
  resending: boolean;
  /** Back to choosing the number (this entry goes, with its code and answer). */
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const showAlert = useUiStore((s) => s.showAlert);
  const [code, setCode] = useState('');
  const verify = useVerifyClanChiefOtp();
  const msLeft = useMsLeft(pending.resendAt);
  // Too many wrong tries (429) end the code: a new one may be asked at once.
  const exhausted = verify.isError && isApiError(verify.error) && verify.error.status === 429;
  const check = () => {
    if (code.length !== OTP_LENGTH) return;
    verify.mutate(
      { phone: pending.phone, otp: code },
      {
        onSuccess: onVerified,
        onError: (error) => {
          // A wrong or expired code is said under the field; anything else ends this attempt (SPEC §8).
          if (isApiError(error) && (error.status === 400 || error.status === 429)) return;
          showAlert(
            isApiError(error) && error.status === 409
              ? t('clans.registration.phoneExists')
              : t('clans.registration.phoneFailed'),
            { tone: 'error' },
          );
          onRestart();
        },
      },
    );
  };
  const wrongCode =
    verify.isError &&
    isApiError(verify.error) &&
    (verify.error.status === 400 || verify.error.status === 429);
  return (
    <div className="phone-verification__code">
      <Notice tone="info">{t('clans.registration.codeSent', { phone: formatPhone(pending.phone) })}</Notice>
      <Field
        label={t('clans.registration.code')}
        value={code}
        digitsOnly
        maxLength={OTP_LENGTH}
        autoComplete="one-time-code"
        onValueChange={setCode}
        error={wrongCode ? describeError(verify.error) : undefined}
      />
      <div className="button-row">
        <Button
          variant="primary"
          busy={verify.isPending}
          disabled={code.length !== OTP_LENGTH}
          onClick={check}
        >
          {t('clans.registration.verify')}
        </Button>
        <Button variant="secondary" busy={resending} disabled={msLeft > 0 && !exhausted} onClick={onResend}>
          {t('clans.registration.resend')}
        </Button>
        <Button variant="ghost" onClick={onRestart}>
          {t('clans.registration.changePhone')}
        </Button>
      </div>
      {msLeft > 0 && !exhausted && (
        <p className="field__hint" data-testid="resend-countdown">
          {t('clans.registration.resendIn', { time: formatCountdown(msLeft) })}
        </p>
      )}
    </div>
  );
}

/** The code asked for this tab's registration, kept across a reload (pending-code.ts). */
function usePendingCode() {
  const [pending, setPending] = useState(() => readPendingCode(tabStorage(), Date.now()));
  const keep = (next: PendingCode | null) => {
    setPending(next);
    keepPendingCode(tabStorage(), next);
  };
  return [pending, keep] as const;
}

/**
 * The phone of a chief's registration: already verified when the account signed in with a phone (the API puts
 * it in the registration), else verified inside the form: send a code, type the 6 digits. The code asked for
 * is kept for the tab, so a reload keeps its field and the countdown to a new one; a send refused because a
 * code went to that number less than 3 minutes ago shows that code's field, not a dead end.
 * SPEC §2: a successful verification stores the phone in the registration data (the API does; the
 * answer replaces the registration in the cache). SPEC §8: a failure alerts 'phone number already
 * exists' on 409, else 'something went wrong'; on this page only the ongoing flow is cleared (no reload).
 */
export function PhoneVerification({ verifiedPhone }: { verifiedPhone: string | null }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const [pending, keepPending] = usePendingCode();
  const [stored] = useState(() => (pending ? splitPhone(pending.phone) : signInPhone(tabStorage())));
  const [country, setCountry] = useState(stored?.country ?? 'IN');
  const [national, setNational] = useState(stored?.national ?? '');
  const [changing, setChanging] = useState(false);
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const blockedMs = useMsLeft(blockedUntil);
  const send = useSendClanChiefOtp();
  const dialCode = CLAN_COUNTRIES.find((o) => o.code === country)?.dialCode ?? '+91';
  const phone = toE164(dialCode, national);
  const phoneValid = /^\+[1-9]\d{6,14}$/.test(phone) && national.replace(/\D/g, '').length >= 6;

  if (verifiedPhone && !changing)
    return (
      <div className="phone-verified">
        <Notice tone="success">
          {t('clans.registration.verified', { phone: formatPhone(verifiedPhone) })}
        </Notice>
        <Button variant="ghost" size="small" onClick={() => setChanging(true)}>
          {t('clans.registration.changePhone')}
        </Button>
      </div>
    );

  const sendTo = (target: string) => {
    setBlockedUntil(null);
    send.mutate(target, {
      onSuccess: (answer) => {
        const now = Date.now();
        keepPending({
          phone: target,
          resendAt: now + answer.retryLoginAfter,
          expiresAt: now + answer.expiresIn * 1000,
        });
      },
      onError: (error) => {
        // A code already on its way to that number: its field and the wait, not a dead end.
        const refusal = sendRefusalOf(isApiError(error) ? error : null, target, Date.now());
        if (refusal.kind === 'code-on-its-way') keepPending(refusal.pending);
        if (refusal.kind === 'wait') setBlockedUntil(refusal.until);
      },
    });
  };
  const refusal = send.isError ? sendRefusalOf(isApiError(send.error) ? send.error : null, phone, 0) : null;
  return (
    <fieldset className="phone-verification">
      <legend className="field__label">{t('clans.registration.phone')}</legend>
      <PhoneNumberRow
        country={country}
        onCountry={setCountry}
        national={national}
        onNational={setNational}
        locked={pending !== null}
      />
      <p className="field__hint">{t('clans.registration.phoneHint')}</p>
      {pending === null ? (
        <Button
          variant="secondary"
          busy={send.isPending}
          disabled={!phoneValid || blockedMs > 0}
          onClick={() => phoneValid && sendTo(phone)}
        >
          {t('clans.registration.sendCode')}
        </Button>
      ) : (
        <CodeEntry
          key={`${pending.phone}:${pending.resendAt}`}
          pending={pending}
          resending={send.isPending}
          onResend={() => sendTo(pending.phone)}
          onVerified={() => {
            keepPending(null);
            setChanging(false);
          }}
          onRestart={() => {
            keepPending(null);
            send.reset();
          }}
        />
      )}
      {blockedMs > 0 ? (
        <Notice tone="error">
          {t('clans.registration.waitThenRetry', { time: formatCountdown(blockedMs) })}
        </Notice>
      ) : (
        refusal?.kind === 'other' && <Notice tone="error">{describeError(send.error)}</Notice>
      )}
    </fieldset>
  );
}
