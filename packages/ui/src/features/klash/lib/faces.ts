/** Up to two initials for a face without a picture: "Pune Panthers" → "PP", "meera" → "M". */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/[\s._-]+/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/** A stable hue (0–359) per name, so a team keeps its colour on the bracket, the board and its matches. */
export function hueOf(name: string): number {
  let hash = 7;
  for (const char of name) hash = (hash * 33 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

/** The background of a face without a picture. */
export const faceGradient = (name: string) => {
  const hue = hueOf(name);
  return `linear-gradient(135deg, hsl(${hue} 70% 45%), hsl(${(hue + 50) % 360} 75% 35%))`;
};
