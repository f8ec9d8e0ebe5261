/**
 * A catalogue text in the reader's language: the translation when there is one for that field, else
 * the English text. `language` is an i18n language (`en`, `hi`, `pt-BR`, or a longer tag of them).
 */
export function localized<T extends Record<string, unknown>, F extends keyof T & string>(
  item: T & { translations?: Partial<Record<string, Partial<Record<string, string>>>> },
  field: F,
  language: string,
): T[F] {
  const lang = language.toLowerCase().startsWith('pt')
    ? 'pt-BR'
    : language.toLowerCase().startsWith('hi')
      ? 'hi'
      : null;
  const text = lang ? item.translations?.[lang]?.[field] : undefined;
  return (text ?? item[field]) as T[F];
}
