// Inline icons: emoji glyphs differ per platform (and are missing on some), SVG does not.
/** Shared by every line icon (also the sign-in method icons in features/auth). */
export const lineIconProps = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const;

export function GlobeIcon({ className }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className} aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </svg>
  );
}

export function GamepadIcon({ className }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className} aria-hidden="true">
      <path d="M7 8h10a5 5 0 0 1 4.8 6.4l-.6 2.1a2.6 2.6 0 0 1-4.4 1.1L14.6 16H9.4l-2.2 1.6a2.6 2.6 0 0 1-4.4-1.1l-.6-2.1A5 5 0 0 1 7 8z" />
      <path d="M8 11v3M6.5 12.5h3M15.5 11.5h.01M17.5 13.5h.01" />
    </svg>
  );
}

export function WarningIcon({ className }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className} aria-hidden="true">
      <path d="M12 3 2 20h20L12 3z" />
      <path d="M12 10v4M12 17h.01" />
    </svg>
  );
}

export function UserIcon({ className }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className} aria-hidden="true">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.5-3.5 4.4-5 8-5s6.5 1.5 8 5" />
    </svg>
  );
}
