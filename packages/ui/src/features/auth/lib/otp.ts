import { OTP_LENGTH } from '@khel/core/contract';

// The resend countdown's text (@khel/core/format, shared with the clan chief's phone check).
export { formatCountdown } from '@khel/core/format';

/**
 * What the code field keeps from typed or pasted text: its digits, at most six. Pasting a whole
 * SMS ("123456 is your Khel sign-in code") or a spaced code ("123 456") fills every box.
 */
export function sanitizeOtp(input: string): string {
  return input.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export function isCompleteOtp(code: string): boolean {
  return code.length === OTP_LENGTH && /^\d+$/.test(code);
}
