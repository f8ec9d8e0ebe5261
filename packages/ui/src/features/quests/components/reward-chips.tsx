import type { CurrencyCode } from '@khel/core/format';
import { countedText } from '../../../lib/money-text.ts';
import type { RewardAmount } from '../lib/quest-view.ts';

/** A currency's mark: K-Points a star, K-Cash a coin, rKHEL a gem (drawn here, no image request). */
export function CurrencyIcon({ currency }: { currency: CurrencyCode }) {
  const common = {
    className: `currency-icon currency-icon--${currency.toLowerCase()}`,
    viewBox: '0 0 20 20',
  };
  if (currency === 'KPOINTS')
    return (
      <svg {...common} aria-hidden="true">
        <circle cx="10" cy="10" r="9" fill="#ffb547" />
        <path d="M10 4.2l1.7 3.6 3.9.5-2.9 2.7.8 3.9L10 13l-3.5 1.9.8-3.9-2.9-2.7 3.9-.5z" fill="#fff6e0" />
      </svg>
    );
  if (currency === 'KCASH')
    return (
      <svg {...common} aria-hidden="true">
        <circle cx="10" cy="10" r="9" fill="#1fe0a8" />
        <circle cx="10" cy="10" r="6.2" fill="none" stroke="#0b3d2f" strokeWidth="1.4" />
        <path
          d="M8 6.5v7M8 10l3.6-3.5M8.6 9.6l3.2 3.9"
          stroke="#0b3d2f"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
    );
  return (
    <svg {...common} aria-hidden="true">
      <circle cx="10" cy="10" r="9" fill="#7c5cff" />
      <path d="M10 4l4.5 4.5L10 16 5.5 8.5z" fill="#e6deff" />
      <path d="M5.5 8.5h9" stroke="#7c5cff" strokeWidth="1" />
    </svg>
  );
}

/** Reward chips with their currency icons: `★ 500 K-Points` `◎ 20 K-Cash`. */
export function RewardChips({
  rewards,
  size = 'normal',
}: {
  rewards: RewardAmount[];
  size?: 'normal' | 'large';
}) {
  if (rewards.length === 0) return null;
  return (
    <ul className={`reward-chips${size === 'large' ? ' reward-chips--large' : ''}`}>
      {rewards.map((r) => (
        <li key={r.currency} className={`reward-chip reward-chip--${r.currency.toLowerCase()}`}>
          <CurrencyIcon currency={r.currency} />
          <span>{countedText(r)}</span>
        </li>
      ))}
    </ul>
  );
}
