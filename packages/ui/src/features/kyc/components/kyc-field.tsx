import { Field, type FieldProps } from '../../../components/field.tsx';

export interface KycFieldProps extends Omit<FieldProps, 'id' | 'className' | 'controlClassName'> {
  label: string;
  hint?: string | undefined;
  /** Shown under the field (and announced) instead of the hint. */
  error?: string | undefined;
  /** Hides the typed characters without making it a password field (no password-manager prompt). */
  masked?: boolean;
  mono?: boolean;
}

/** The shared Field with the KYC looks: masked (Aadhaar) and monospaced (PAN, account numbers). */
export function KycField({ masked, mono, ...field }: KycFieldProps) {
  const classes: string[] = [];
  if (masked) classes.push('kyc-field--masked');
  if (mono) classes.push('kyc-field--mono');
  return <Field {...field} controlClassName={classes.join(' ') || undefined} />;
}
