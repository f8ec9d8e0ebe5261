/** A text resource: nested keys, strings at the leaves. */
export type Tree = { [key: string]: string | Tree };

/** Every leaf of a resource by its dotted key (`money.buy.title` → 'Buy K-Cash'). */
export function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** The `{{placeholders}}` of a text, sorted, so two translations can be compared. */
export const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
