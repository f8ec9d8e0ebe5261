/**
 * Whether two names on documents belong to the same person, the way a KYC name match forgives how a
 * name was typed. Both names are normalised first: accents dropped (NFKD), lower case, dots,
 * apostrophes and hyphens read as spaces, runs of spaces collapsed. Then they match when
 *   1. the words are the same in any order ("Kumar Ravi" = "Ravi Kumar"), or
 *   2. the letters are the same once spaces are dropped ("Ravikumar" = "Ravi Kumar"), or
 *   3. they have the same number of words and, in order, each pair is equal or one is the other's
 *      initial ("R. Kumar" = "Ravi Kumar"; at least one whole word must be equal), or
 *   4. both have at least 8 letters and differ by one typo (one letter added, dropped or changed:
 *      "Ravi Kumaar" = "Ravi Kumar").
 */
export function normalizeName(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[.'’\-_,]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

export function namesMatch(a: string, b: string): boolean {
  const wa = normalizeName(a);
  const wb = normalizeName(b);
  if (wa.length === 0 || wb.length === 0) return false;
  const sorted = (w: string[]) => [...w].sort().join(' ');
  if (sorted(wa) === sorted(wb)) return true;
  const joinedA = wa.join('');
  const joinedB = wb.join('');
  if (joinedA === joinedB) return true;
  if (wa.length === wb.length) {
    let whole = 0;
    const pairs = wa.every((x, i) => {
      const y = wb[i]!;
      if (x === y) {
        whole++;
        return true;
      }
      return (x.length === 1 && y.startsWith(x)) || (y.length === 1 && x.startsWith(y));
    });
    if (pairs && whole > 0) return true;
  }
  return joinedA.length >= 8 && joinedB.length >= 8 && editDistanceAtMostOne(joinedA, joinedB);
}
