/**
 * Geometry of a single-elimination bracket drawn as a picture: each round a column, each match a box
 * centred between the two matches that feed it, elbow lines from a match to the one its winner plays
 * next. Pure (no React), so the layout is tested on its own.
 */

/** One side of a match as the picture draws it. */
export interface BracketSide {
  /** The entry (player or team) id; null for a bye or a side still to be decided. */
  entryId: string | null;
  name: string;
  avatarUrl: string | null;
  score: number | null;
}

export interface BracketMatchView {
  id: string;
  /** 1 is the first round. */
  round: number;
  /** Position in its round, from 0 at the top. */
  position: number;
  sides: [BracketSide | null, BracketSide | null];
  /** The entry that won, once the result stands. */
  winnerEntryId: string | null;
  /** The two sides reported different winners: an operator decides. */
  disputed: boolean;
}

export const BOX_WIDTH = 196;
export const BOX_HEIGHT = 68;
export const ROW_HEIGHT = BOX_HEIGHT / 2;
export const COLUMN_GAP = 44;
/** Vertical room per first-round match. */
export const SLOT_PITCH = 92;
export const HEADER_HEIGHT = 30;
export const PADDING = 12;

export interface PlacedMatch {
  match: BracketMatchView;
  x: number;
  y: number;
  /** Whether the champion (the final's winner) won this match. */
  onChampionPath: boolean;
}

export interface Connector {
  id: string;
  /** SVG path data. */
  d: string;
  /** The winner of the match on the left has advanced. */
  decided: boolean;
  onChampionPath: boolean;
}

export interface BracketLayout {
  width: number;
  height: number;
  rounds: number;
  /** x of each round's column (index 0 is round 1). */
  columns: number[];
  matches: PlacedMatch[];
  connectors: Connector[];
  championEntryId: string | null;
}

/**
 * The number of rounds: the highest round among the matches, or enough rounds for the first round's
 * matches (a bracket whose later rounds are not drawn yet still shows its full depth).
 */
function roundCount(matches: readonly BracketMatchView[]): number {
  const firstRound = matches.filter((m) => m.round === 1).length;
  const fromFirst = firstRound > 0 ? Math.ceil(Math.log2(firstRound)) + 1 : 0;
  return Math.max(fromFirst, ...matches.map((m) => m.round), 0);
}

export function layoutBracket(matches: readonly BracketMatchView[]): BracketLayout {
  const rounds = roundCount(matches);
  if (rounds === 0)
    return {
      width: 0,
      height: 0,
      rounds: 0,
      columns: [],
      matches: [],
      connectors: [],
      championEntryId: null,
    };
  const firstRoundSlots = 2 ** (rounds - 1);
  const height = HEADER_HEIGHT + firstRoundSlots * SLOT_PITCH + PADDING;
  const columns = Array.from({ length: rounds }, (_, r) => PADDING + r * (BOX_WIDTH + COLUMN_GAP));
  const width = PADDING * 2 + rounds * BOX_WIDTH + (rounds - 1) * COLUMN_GAP;
  // Round r (1-based) has 2^(rounds-r) slots; slot p is centred in its share of the height.
  const centreY = (round: number, position: number) => {
    const pitch = SLOT_PITCH * 2 ** (round - 1);
    return HEADER_HEIGHT + pitch * (position + 0.5);
  };

  const final = matches.find((m) => m.round === rounds);
  const championEntryId = final?.winnerEntryId ?? null;
  const byKey = new Map(matches.map((m) => [`${m.round}:${m.position}`, m]));

  const placed: PlacedMatch[] = matches.map((match) => ({
    match,
    x: columns[match.round - 1] ?? PADDING,
    y: centreY(match.round, match.position) - BOX_HEIGHT / 2,
    onChampionPath: championEntryId !== null && match.winnerEntryId === championEntryId,
  }));

  const connectors: Connector[] = [];
  for (const match of matches) {
    if (match.round >= rounds) continue;
    const next = byKey.get(`${match.round + 1}:${Math.floor(match.position / 2)}`);
    const x1 = (columns[match.round - 1] ?? 0) + BOX_WIDTH;
    const y1 = centreY(match.round, match.position);
    const x2 = columns[match.round] ?? x1 + COLUMN_GAP;
    // The even match feeds the next match's top row, the odd one its bottom row.
    const nextTop = centreY(match.round + 1, Math.floor(match.position / 2)) - BOX_HEIGHT / 2;
    const y2 = nextTop + (match.position % 2 === 0 ? ROW_HEIGHT / 2 : ROW_HEIGHT * 1.5);
    const midX = x1 + COLUMN_GAP / 2;
    const decided = match.winnerEntryId !== null;
    connectors.push({
      id: `${match.id}->${next?.id ?? 'next'}`,
      d: `M${x1} ${y1}H${midX}V${y2}H${x2}`,
      decided,
      onChampionPath: decided && championEntryId !== null && match.winnerEntryId === championEntryId,
    });
  }
  return { width, height, rounds, columns, matches: placed, connectors, championEntryId };
}

/** A name cut to fit a row of the box ("Mumbai Mavericks" → "Mumbai Maveri…"). */
export function fitName(name: string, max = 14): string {
  const chars = [...name];
  return chars.length <= max ? name : `${chars.slice(0, max - 1).join('')}…`;
}
