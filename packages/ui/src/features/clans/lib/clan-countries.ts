/**
 * The countries Khel serves, with their calling codes (@khel/core/validation DIAL_CODES; a test keeps
 * them equal). A copy so the clans chunk shares no module with the sign-in's country picker: every
 * module two lazy chunks share becomes a file of its own that the first download has to name.
 */
export const CLAN_COUNTRIES = [
  { code: 'IN', dialCode: '+91' },
  { code: 'BR', dialCode: '+55' },
  { code: 'NP', dialCode: '+977' },
  { code: 'BD', dialCode: '+880' },
] as const;

export const flagOf = (iso2: string): string =>
  String.fromCodePoint(...[...iso2.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

const JPEG_TYPES = ['image/jpeg', 'image/jpg', 'image/pjpeg'];

/**
 * SPEC §5 (image type jpeg only) checked in the browser before uploading, as @khel/core/validation's
 * validateJpegUpload does (a test keeps them in step): the declared type and the first bytes.
 */
export async function isJpeg(file: Blob): Promise<boolean> {
  if (!JPEG_TYPES.includes(file.type.trim().toLowerCase())) return false;
  const head = new Uint8Array(await file.slice(0, 3).arrayBuffer());
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}
