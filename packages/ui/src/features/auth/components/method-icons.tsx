// Simple line icons for the sign-in methods (not the providers' logos).
import { lineIconProps } from '../../../components/icons.tsx';

export function ChatIcon({ className }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className} aria-hidden="true">
      <path d="M20 11.5a8 8 0 0 1-11.8 7L4 20l1.5-4.1A8 8 0 1 1 20 11.5z" />
      <path d="M9 9.5c.5 2 2 3.6 4 4.3" />
    </svg>
  );
}

export function LetterGIcon({ className }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className} aria-hidden="true">
      <path d="M19 12h-6.5M19 12a7 7 0 1 1-2-4.9" />
    </svg>
  );
}

export function WalletIcon({ className }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className} aria-hidden="true">
      <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3" />
      <rect x="4" y="8" width="16" height="11" rx="2" />
      <path d="M16 13.5h.01" />
    </svg>
  );
}

export function PhoneIcon({ className }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className} aria-hidden="true">
      <rect x="7" y="3" width="10" height="18" rx="2" />
      <path d="M11 17.5h2" />
    </svg>
  );
}

export function PaperPlaneIcon({ className }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className} aria-hidden="true">
      <path d="M21 4 3 11l6 2.5L11.5 20 21 4z" />
      <path d="m9 13.5 5-4" />
    </svg>
  );
}

/** X: the letter as two strokes. */
export function LetterXIcon({ className }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className} aria-hidden="true">
      <path d="M5 4l14 16M19 4 5 20" />
    </svg>
  );
}

/** Discord, Steam: a game controller. */
export function ControllerIcon({ className }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className} aria-hidden="true">
      <path d="M7 7h10a4 4 0 0 1 4 4v3.5a2.5 2.5 0 0 1-4.5 1.5L15 14H9l-1.5 2A2.5 2.5 0 0 1 3 14.5V11a4 4 0 0 1 4-4z" />
      <path d="M8 10v3M6.5 11.5h3M15.5 11h.01M17 12.5h.01" />
    </svg>
  );
}
