import type { Executor } from '@khel/db';
import { type LoadedCampaign, loadCampaign } from './campaigns.ts';

/**
 * A per-process, short-lived copy of a campaign's definition (its row, quest and tasks) for the task
 * validation a burst of gamers sends at once, so that each one does not read the same rows again.
 * Only a campaign whose rules are frozen is kept (LIVE, or PUBLISHED with its start passed: the tasks,
 * reward, dates and board no longer change, catalogue.ts refuses it), for DEFINITION_TTL_MS at most;
 * what still moves (the stored status, the end an operator may bring forward, the slots left) is read
 * fresh by every validation (entries.ts), so a copy up to this old only ever shows presentation (the
 * title in a notification) a moment late.
 */
export const DEFINITION_TTL_MS = 2000;
/** Past this many campaigns kept, the copies are dropped (a process serves few live campaigns at once). */
const MAX_KEPT = 500;

interface Kept {
  until: number;
  loaded: LoadedCampaign;
}

// Per database handle: tests and tools running several databases in one process never share copies.
const kept = new WeakMap<Executor, Map<string, Kept>>();

const frozenAt = ({ campaign }: LoadedCampaign, now: Date) =>
  campaign.status === 'LIVE' || (campaign.status === 'PUBLISHED' && campaign.startsAt <= now);

/** The campaign's definition (404 like loadCampaign), from this process's copy when one is fresh. */
export async function campaignDefinition(
  db: Executor,
  campaignId: string,
  now: Date,
): Promise<LoadedCampaign> {
  let copies = kept.get(db);
  if (!copies) {
    copies = new Map();
    kept.set(db, copies);
  }
  const at = performance.now();
  const copy = copies.get(campaignId);
  if (copy && copy.until > at) return copy.loaded;
  const loaded = await loadCampaign(db, { id: campaignId });
  if (frozenAt(loaded, now)) {
    if (copies.size >= MAX_KEPT) copies.clear();
    copies.set(campaignId, { until: at + DEFINITION_TTL_MS, loaded });
  } else copies.delete(campaignId);
  return loaded;
}
