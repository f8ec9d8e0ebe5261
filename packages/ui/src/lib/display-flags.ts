/**
 * SPEC §2 display flags: a page may be embedded in a frame, and `header=false` / `footer=false`
 * in the query hide the header and the footer.
 */
export interface DisplayFlags {
  showHeader: boolean;
  showFooter: boolean;
  /** Inside a frame (a partner site, Telegram Web): keep the page minimal. */
  embedded: boolean;
}

export function parseDisplayFlags(search: string, embedded: boolean): DisplayFlags {
  const params = new URLSearchParams(search);
  const off = (name: string) => params.get(name)?.trim().toLowerCase() === 'false';
  return {
    showHeader: !off('header'),
    // Embedded pages drop the footer: the host page has its own.
    showFooter: !off('footer') && !embedded,
    embedded,
  };
}

/** True when this window is inside a frame (cross-origin parents throw on access, which also means framed). */
export function isInFrame(
  win: Window | undefined = typeof window === 'undefined' ? undefined : window,
): boolean {
  if (!win) return false;
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}
