import { type Rule, ruleSchema } from './rule.ts';

export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL = /^[A-Za-z]{2,63}$/;

/**
 * The usual address shape: a dot-atom local part (no leading, trailing or double dots), `@`, and a
 * domain of at least two labels ending in an alphabetic top-level domain. Quoted local parts and
 * IP-literal domains are rejected: no sign-in provider we use issues them.
 */
export function isValidEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const top = labels[labels.length - 1] ?? '';
  return TOP_LEVEL.test(top) && labels.every((label) => DOMAIN_LABEL.test(label));
}

export const validateEmail: Rule = (value) => (isValidEmail(value) ? null : EMAIL_INVALID_MESSAGE);

/** Trims surrounding whitespace, then checks the pattern. */
export const emailSchema = /* @__PURE__ */ ruleSchema(validateEmail, EMAIL_INVALID_MESSAGE, { trim: true });
