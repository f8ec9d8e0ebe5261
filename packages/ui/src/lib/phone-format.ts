/**
 * E.164 for reading: `+919876543210` → `+91 98765 43210`, `+5511987654321` → `+55 11 98765-4321`.
 * Other numbers are shown as stored.
 */
export function formatPhone(e164: string): string {
  const india = /^\+91(\d{5})(\d{5})$/.exec(e164);
  if (india) return `+91 ${india[1]} ${india[2]}`;
  const brazil = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  if (brazil) return `+55 ${brazil[1]} ${brazil[2]}-${brazil[3]}`;
  return e164;
}
