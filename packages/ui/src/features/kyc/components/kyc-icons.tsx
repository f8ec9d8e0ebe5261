import { lineIconProps } from '../../../components/icons.tsx';

export function CheckIcon({ className }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className} aria-hidden="true">
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </svg>
  );
}

export function CrossIcon({ className }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className} aria-hidden="true">
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}
