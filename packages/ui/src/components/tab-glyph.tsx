import { TAB_ICON_PATHS, type TabIcon } from './app-tabs.ts';
import { lineIconProps } from './icons.tsx';

/** A tab's line icon (the tab bars and the Mini App home's shortcuts). */
export function TabGlyph({ icon }: { icon: TabIcon }) {
  return (
    <svg {...lineIconProps} width={22} height={22} className="app-nav__icon" aria-hidden="true">
      <path d={TAB_ICON_PATHS[icon]} />
    </svg>
  );
}
