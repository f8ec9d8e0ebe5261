/**
 * A gamer's level beside their name on a board (progression, issue 26): `short` ("Lv 7") shown, `full`
 * ("Level 7") read out, both in the caller's texts (its screen's text part). Level 1, everyone's start, is not shown.
 */
export function LevelChip({ level, short, full }: { level: number; short: string; full: string }) {
  if (level <= 1) return null;
  return (
    <span className="level-chip" title={full}>
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{full}</span>
    </span>
  );
}
