import { useTranslation } from 'react-i18next';

/**
 * A gamer's level beside their name on a board or a profile (progression, issue 26): "Lv 7", read out whole
 * ("Level 7"). Level 1, everyone's start, is not shown unless `always`.
 */
export function LevelChip({ level, always = false }: { level: number; always?: boolean }) {
  const { t } = useTranslation();
  if (level <= 1 && !always) return null;
  return (
    <span className="level-chip" title={t('common.levelFull', { level })}>
      <span aria-hidden="true">{t('common.levelShort', { level })}</span>
      <span className="visually-hidden">{t('common.levelFull', { level })}</span>
    </span>
  );
}
