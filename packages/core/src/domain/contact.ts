/**
 * Where people write to Khel: the legal documents' contacts (packages/ui, legal) and the bot's `/paysupport`.
 * The addresses are placeholders on the reserved `.example` domain until the operating company's real ones are
 * set; change them here only.
 */
export const KHEL_CONTACT = {
  support: 'support@khel.example',
  privacy: 'privacy@khel.example',
  compliance: 'compliance@khel.example',
} as const;
