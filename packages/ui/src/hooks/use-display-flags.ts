import { useMemo } from 'react';
import { type DisplayFlags, isInFrame, parseDisplayFlags } from '../lib/display-flags.ts';
import { useApi } from '../providers/api-context.ts';
import { useLocation } from '../routing/index.ts';

/** SPEC §2 display flags for the current page; the Mini App always counts as embedded. */
export function useDisplayFlags(): DisplayFlags {
  const { search } = useLocation();
  const { platform } = useApi();
  return useMemo(() => parseDisplayFlags(search, platform === 'telegram' || isInFrame()), [search, platform]);
}
