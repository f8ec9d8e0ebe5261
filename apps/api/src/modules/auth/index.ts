/**
 * The auth module's public surface: what other modules may import from it (docs/adding-a-feature.md
 * "Rules"). Other modules import this file only, never the files behind it; the module registers itself
 * in module.ts.
 */

export { googleVerifierOf, PHONE_VERIFIED_MESSAGE, telegramUserOf } from './auth.routes.ts';
export { consumeChallenge, issueChallenge, randomAlphanumeric } from './auth-challenges.ts';
export { limitOrRefuse, limitPerIp, validPhone } from './auth-support.ts';
export {
  identityStatus,
  linkIdentity,
  methodName,
  unlinkIdentity,
  type VerifiedIdentity,
} from './identities.ts';
export { ownPageUrl, siwePolicy, tonPolicy } from './identity-providers.ts';
export { OTP_MESSAGES } from './otp.ts';
export { getUserById, phoneIdentity, telegramIdentity, toUserDto } from './users.ts';
export { verifySiwe, verifyTonProof } from './wallet-proofs.ts';
