import { z } from 'zod';

/**
 * Catalogue texts in the reader's language: operators write the English text in the fields
 * themselves, and these in `translations`; the screens pick the reader's language and fall back to
 * English field by field (`localized` in @khel/core/domain).
 */
export const CONTENT_LANGUAGES = ['hi', 'pt-BR'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** `{ hi?: { title?, … }, 'pt-BR'?: { … } }` for the given text fields. */
export const translationsSchema = <F extends string>(fields: readonly F[], max = 2000) => {
  const texts = z
    .object(
      Object.fromEntries(fields.map((f) => [f, z.string().trim().min(1).max(max).optional()])) as {
        [K in F]: z.ZodOptional<z.ZodString>;
      },
    )
    .strict();
  return z.object({ hi: texts.optional(), 'pt-BR': texts.optional() }).strict();
};
