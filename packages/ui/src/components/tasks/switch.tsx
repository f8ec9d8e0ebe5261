import { useTranslation } from 'react-i18next';
import { Link } from '../../routing/index.ts';

/**
 * The K-Quest | K-Drop switch: both side by side at the top of both lists (the Quests tab leads to either): links
 * with the current one marked. Its texts are the `quests` part's.
 */
export function EarnSwitch({ current }: { current: 'quests' | 'campaigns' }) {
  const { t } = useTranslation();
  const items = [
    { id: 'quests', to: '/k-quest', label: t('quests.title') },
    { id: 'campaigns', to: '/k-drop/campaigns', label: t('quests.segments.campaigns') },
  ] as const;
  return (
    <nav className="earn-switch" aria-label={t('quests.segments.label')}>
      {items.map((item) => (
        <Link
          key={item.id}
          to={item.to}
          className="earn-switch__link"
          aria-current={item.id === current ? 'page' : undefined}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
