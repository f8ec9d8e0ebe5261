import { z } from 'zod';

/**
 * A validation rule returns the first message that applies to `value`, or null when it is valid.
 * Rules are plain functions so forms can show one message at a time and servers can reuse them;
 * `ruleSchema` wraps a rule as a zod schema that reports exactly that one message.
 */
export type Rule = (value: string) => string | null;

/**
 * A zod string schema that fails with the rule's message (and `notString` for non-strings).
 * With `trim`, surrounding whitespace is removed before the rule runs (and in the output).
 */
export function ruleSchema(rule: Rule, notString: string, options: { trim?: boolean } = {}) {
  const base = z.string({ error: notString });
  return (options.trim ? base.trim() : base).superRefine((value, ctx) => {
    const message = rule(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message, input: value });
  });
}

/** Number of characters as a user counts them (code points, so an emoji or accented letter is one). */
export function charCount(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}
