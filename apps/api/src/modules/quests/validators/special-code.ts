import { createHash, timingSafeEqual } from 'node:crypto';
import { SPECIAL_CODE_WRONG_MESSAGE } from '@khel/core/contract';
import { FIELD_REQUIRED_MESSAGE } from '@khel/core/validation';
import { defineValidator } from './types.ts';

/** Codes are compared without case and surrounding spaces, as people read them out. */
export const normaliseSpecialCode = (code: string) => code.trim().toUpperCase();

/** What is stored for a special code: SHA-256 (hex) of the normalised code. */
export const specialCodeHash = (code: string) =>
  createHash('sha256').update(normaliseSpecialCode(code), 'utf8').digest('hex');

/**
 * Special code validation: the code the user typed against the stored hash, compared in constant
 * time. Attempts are counted (and capped at SPECIAL_CODE_MAX_ATTEMPTS) by the service before this runs.
 */
export const specialCodeValidator = defineValidator({
  type: 'special_code',
  validate: async (ctx) => {
    if (!ctx.value?.trim()) return { ok: false, message: FIELD_REQUIRED_MESSAGE };
    const expected = Buffer.from(ctx.task.secretHash ?? '', 'hex');
    const given = Buffer.from(specialCodeHash(ctx.value), 'hex');
    const ok = expected.length === given.length && timingSafeEqual(expected, given);
    return ok ? { ok: true } : { ok: false, message: SPECIAL_CODE_WRONG_MESSAGE };
  },
});
