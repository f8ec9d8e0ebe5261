import { createIdempotencyKey } from '@khel/core/client';
import type { CollectResult } from '@khel/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../../providers/api-context.ts';
import { useConfirmClose, useFailureFeedback, useGainWhen } from '../../../providers/app-feedback.ts';
import { collectEarnings } from '../api/collect-earnings.ts';
import { earningsRootKey } from '../api/get-earnings.ts';
import { usePayout } from '../api/get-payout.ts';
import { useTaxInfo } from '../api/get-tax-info.ts';
import { type CollectTarget, collectView } from '../lib/collect-flow.ts';

/** The current time, ticking every `everyMs` while given (null: no timer). */
function useNow(everyMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (everyMs === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

interface Attempt {
  target: CollectTarget;
  /** Made when the confirmation opens; every retry of this confirmation sends it again. */
  idempotencyKey: string;
}

/**
 * One collect, from confirmation to receipt: GET tax-info when the confirmation opens, POST with the
 * confirmation's Idempotency-Key (the same key on a retry after an error), then for a bank payout
 * polling GET /collect-earning/payouts/:id until it succeeds or fails.
 */
export function useCollectFlow() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [result, setResult] = useState<CollectResult | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [processingSince, setProcessingSince] = useState<number | null>(null);
  const taxInfo = useTaxInfo(
    attempt?.target.earningId ?? null,
    attempt?.idempotencyKey ?? '',
    attempt !== null && result === null,
  );
  const payout = usePayout(result?.payout ?? null);
  const processing =
    result?.payout != null && payout.data?.status !== 'succeeded' && payout.data?.status !== 'failed';
  const now = useNow(processing ? 1000 : null);
  const view = collectView(result, payout.data, processingSince, now);
  const failed = useFailureFeedback();
  // The Mini App: the success haptic on the receipt, and a confirmation before closing while the money moves.
  useGainWhen(view.step === 'done');
  useConfirmClose(submitting || view.step === 'processing');
  useEffect(() => {
    if (view.step === 'failed') failed();
  }, [view.step, failed]);

  const refreshLists = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: earningsRootKey }),
    [queryClient],
  );

  // The list and totals change when the payout settles (DISTRIBUTING → COLLECTED or FAILED).
  useEffect(() => {
    if (view.step === 'done' || view.step === 'failed') refreshLists();
  }, [view.step, refreshLists]);

  const open = useCallback((target: CollectTarget) => {
    setAttempt({ target, idempotencyKey: createIdempotencyKey() });
    setResult(null);
    setError(null);
    setSubmitting(false);
    setProcessingSince(null);
  }, []);

  const confirm = async () => {
    if (!attempt || submitting || result) return;
    setSubmitting(true);
    setError(null);
    try {
      const collected = await collectEarnings(client, attempt.target.earningId, attempt.idempotencyKey);
      setResult(collected);
      if (collected.payout) setProcessingSince(Date.now());
      refreshLists();
    } catch (failure) {
      setError(failure);
      failed();
    } finally {
      setSubmitting(false);
    }
  };

  const close = () => {
    setAttempt(null);
    setResult(null);
    setError(null);
    setProcessingSince(null);
    refreshLists();
  };

  return {
    /** Open while non-null. */
    target: attempt?.target ?? null,
    idempotencyKey: attempt?.idempotencyKey ?? null,
    taxInfo,
    view,
    submitting,
    /** Why the last POST failed (shown; confirming again retries with the same key). */
    error,
    open,
    confirm,
    close,
    /** After a failed payout: a new confirmation for the same earnings (a new key). */
    tryAgain: () => attempt && open(attempt.target),
  };
}

export type CollectFlow = ReturnType<typeof useCollectFlow>;
