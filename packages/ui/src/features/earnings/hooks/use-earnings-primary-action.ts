import type { EarningsAggregate } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { type PrimaryAction, useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { collectableCount } from '../components/earnings-summary.tsx';
import { blockedReason } from '../lib/collect-flow.ts';
import type { CollectFlow } from './use-collect-flow.ts';

/** The screen's main action at this moment, for a front end's own button (the Mini App's MainButton). */
export type EarningsPrimaryAction = PrimaryAction;

/**
 * Tells `onPrimaryAction` the screen's main action whenever it changes: the collect dialog's step
 * (confirm, processing, done, retry) while it is open, else Collect all when anything is collectable.
 */
export function useEarningsPrimaryAction(
  onPrimaryAction: ((action: EarningsPrimaryAction | null) => void) | undefined,
  flow: CollectFlow,
  aggregate: EarningsAggregate | undefined,
) {
  const { t } = useTranslation();
  const primary = ((): (EarningsPrimaryAction & { key: string }) | null => {
    if (flow.target) {
      const view = flow.view;
      if (view.step === 'confirm') {
        const blocked = blockedReason(flow.taxInfo.data);
        if (!flow.taxInfo.data || blocked !== null) return null;
        return {
          key: 'confirm',
          text: t('earnings.confirm.confirm'),
          busy: flow.submitting,
          enabled: true,
          run: () => void flow.confirm(),
          secondary: { text: t('earnings.confirm.cancel'), run: flow.close, enabled: !flow.submitting },
        };
      }
      if (view.step === 'processing')
        return {
          key: 'processing',
          text: t('earnings.progress.title'),
          busy: true,
          enabled: false,
          run: () => {},
        };
      if (view.step === 'done')
        return { key: 'done', text: t('earnings.receipt.done'), busy: false, enabled: true, run: flow.close };
      return {
        key: 'retry',
        text: t('earnings.failed.retry'),
        busy: false,
        enabled: true,
        run: () => flow.tryAgain(),
        secondary: { text: t('earnings.close'), run: flow.close, enabled: true },
      };
    }
    if (collectableCount(aggregate) > 0)
      return {
        key: 'all',
        text: t('earnings.actions.collectAll'),
        busy: false,
        enabled: true,
        run: () => flow.open({ earningId: null }),
      };
    return null;
  })();
  useReportPrimaryAction(onPrimaryAction, primary);
}
