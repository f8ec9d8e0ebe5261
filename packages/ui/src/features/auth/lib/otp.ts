import { OTP_LENGTH } from '@khel/core/contract';

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

/** 179 500 ms → "3:00": whole seconds rounded up, so the countdown never shows 0:00 while still waiting. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
