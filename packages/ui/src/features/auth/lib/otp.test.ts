import { describe, expect, it } from 'vitest';
import { formatCountdown, isCompleteOtp, sanitizeOtp } from './otp.ts';

describe('6-digit code entry', () => {
  it('keeps only digits, at most six, so pasting a spaced code or a whole SMS fills the boxes', () => {
    expect(sanitizeOtp('123 456')).toBe('123456');
    expect(sanitizeOtp('482913 is your Khel sign-in code. It expires in 10 minutes.')).toBe('482913');
    expect(sanitizeOtp('12-34')).toBe('1234');
    expect(sanitizeOtp('abc')).toBe('');
    expect(sanitizeOtp('1234567')).toBe('123456');
  });

  it('is complete at exactly six digits', () => {
    expect(isCompleteOtp('123456')).toBe(true);
    expect(isCompleteOtp('12345')).toBe(false);
    expect(isCompleteOtp('12345a')).toBe(false);
  });
});

describe('resend countdown text', () => {
  it('shows the 180 000 ms wait as 3:00 and rounds partial seconds up', () => {
    expect(formatCountdown(180_000)).toBe('3:00');
    expect(formatCountdown(179_001)).toBe('3:00');
    expect(formatCountdown(179_000)).toBe('2:59');
    expect(formatCountdown(61_000)).toBe('1:01');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
