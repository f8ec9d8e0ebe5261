import {
  alreadyLinkedMessage,
  type IdentityProvider,
  LAST_METHOD_MESSAGE,
  type LinkedMethod,
  methodName,
  SIGN_IN_PROVIDERS,
  type SocialAuthStatus,
  UNAUTHORIZED_MESSAGE,
} from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { schema } from '@khel/db';
import type { NewUserRow, UserRow } from '@khel/db/schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/http.ts';

export { alreadyLinkedMessage, LAST_METHOD_MESSAGE, methodName };

type IdentityRow = typeof schema.identities.$inferSelect;

/** A sign-in method whose proof has been checked (code, signature, token…) by the caller. */
export interface VerifiedIdentity {
  provider: IdentityProvider;
  /** The provider's stable id: E.164 phone, Telegram id, Google `sub`, checksummed EVM address, raw TON address. */
  subject: string;
  /** Display details from the provider (username, email, network…); never secrets. */
  details?: Record<string, string | undefined>;
  /** Profile fields of an account this identity creates. */
  newUser?: Partial<NewUserRow>;
  /** Profile fields the provider keeps current (e.g. Telegram username), written at every sign-in. */
  refresh?: Partial<NewUserRow>;
  /** Profile fields the provider suggests (e.g. Telegram's language), written only where the account has none. */
  fillIn?: Partial<NewUserRow>;
}

const SIGN_IN = new Set<IdentityProvider>(SIGN_IN_PROVIDERS);
/** Providers of which an account has at most one (linking another replaces it); wallets can be many. */
const SINGLE_VALUED = new Set<IdentityProvider>([
  'phone',
  'telegram',
  'google',
  'whatsapp',
  'twitter',
  'discord',
  'steam',
]);
const WALLETS = new Set<IdentityProvider>(['evm', 'ton']);

const cleanDetails = (details: VerifiedIdentity['details']): Record<string, string> =>
  Object.fromEntries(
    Object.entries(details ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );

/**
 * Serialises everything that touches one (provider, subject) until the transaction ends, so two
 * first sign-ins of the same person create one account and a link cannot race a sign-in.
 */
async function lockIdentity(tx: Executor, provider: IdentityProvider, subject: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`identity:${provider}:${subject}`}, 0))`,
  );
}

async function findIdentity(tx: Executor, provider: IdentityProvider, subject: string) {
  const t = schema.identities;
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.provider, provider), eq(t.subject, subject)));
  return row ?? null;
}

/**
 * Accounts made before the identities table knew about them hold the phone or Telegram id only as a
 * profile field; they are adopted the first time that method is used.
 */
async function findLegacyUser(tx: Executor, provider: IdentityProvider, subject: string) {
  const u = schema.users;
  const column = provider === 'phone' ? u.phoneNumber : provider === 'telegram' ? u.telegramId : null;
  if (!column) return null;
  const [row] = await tx.select().from(u).where(eq(column, subject));
  return row ?? null;
}

/** Writes identity rows for the profile fields (phone, Telegram id) of an account that lacks them. */
async function backfillLegacyIdentities(tx: Executor, user: UserRow) {
  const rows: { provider: IdentityProvider; subject: string }[] = [];
  if (user.phoneNumber) rows.push({ provider: 'phone', subject: user.phoneNumber });
  if (user.telegramId) rows.push({ provider: 'telegram', subject: user.telegramId });
  for (const r of rows) {
    await tx
      .insert(schema.identities)
      .values({ userId: user.id, provider: r.provider, subject: r.subject })
      .onConflictDoNothing();
  }
}

/** Profile fields that mirror an identity on its account (DESIGN §4: phone and Telegram id stay on the profile). */
function mirroredFields(user: UserRow | null, identity: VerifiedIdentity, now: Date): Partial<NewUserRow> {
  switch (identity.provider) {
    case 'phone':
      return { phoneNumber: identity.subject, isVerified: true };
    case 'telegram':
      return { telegramId: identity.subject };
    case 'google': {
      const email = identity.details?.email;
      return email && !user?.email ? { email, emailVerifiedAt: now } : {};
    }
    default:
      return {};
  }
}

async function loadUserForUpdate(tx: Executor, userId: string) {
  const [user] = await tx.select().from(schema.users).where(eq(schema.users.id, userId)).for('update');
  if (!user || user.deletedAt) throw new AppError(401, UNAUTHORIZED_MESSAGE);
  return user;
}

/** The `fillIn` fields the account does not have yet (null there), and that the provider gives. */
function missingFields(user: UserRow, identity: VerifiedIdentity): Partial<NewUserRow> {
  return Object.fromEntries(
    Object.entries(identity.fillIn ?? {}).filter(
      ([key, value]) => value != null && user[key as keyof UserRow] == null,
    ),
  );
}

async function updateUser(tx: Executor, user: UserRow, fields: Partial<NewUserRow>, now: Date) {
  if (Object.keys(fields).length === 0) return user;
  const [updated] = await tx
    .update(schema.users)
    .set({ ...fields, updatedAt: now })
    .where(eq(schema.users.id, user.id))
    .returning();
  return updated!;
}

/**
 * The account of a verified sign-in method: found through its identity (or adopted from a legacy
 * profile field), or created with the identity on first sign-in. Safe under concurrent sign-ins.
 */
export async function signInWithIdentity(
  db: Executor,
  identity: VerifiedIdentity,
  now: Date = new Date(),
  /** Fields of an account this sign-in creates that come from the request, not the provider (signup_country). */
  created: Partial<NewUserRow> = {},
): Promise<{ user: UserRow; isNewUser: boolean }> {
  const details = cleanDetails(identity.details);
  return db.transaction(async (tx) => {
    await lockIdentity(tx, identity.provider, identity.subject);
    const existing = await findIdentity(tx, identity.provider, identity.subject);
    const owner = existing
      ? await loadUserForUpdate(tx, existing.userId)
      : await findLegacyUser(tx, identity.provider, identity.subject);
    if (owner) {
      if (existing) {
        await tx
          .update(schema.identities)
          .set({ details: { ...existing.details, ...details }, isActive: true })
          .where(eq(schema.identities.id, existing.id));
      } else {
        await tx
          .insert(schema.identities)
          .values({ userId: owner.id, provider: identity.provider, subject: identity.subject, details });
      }
      const fields = { ...identity.refresh, ...missingFields(owner, identity) };
      return { user: await updateUser(tx, owner, fields, now), isNewUser: false };
    }
    const [user] = await tx
      .insert(schema.users)
      .values({
        ...identity.fillIn,
        ...created,
        ...identity.newUser,
        ...identity.refresh,
        ...mirroredFields(null, identity, now),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(schema.identities)
      .values({ userId: user!.id, provider: identity.provider, subject: identity.subject, details });
    return { user: user!, isNewUser: true };
  });
}

/**
 * Links a verified method to the signed-in account. A method that belongs to another account is a
 * 409 and nothing changes; linking a second phone (or Telegram, Google) replaces the first.
 */
export async function linkIdentity(
  db: Executor,
  userId: string,
  identity: VerifiedIdentity,
  now: Date = new Date(),
): Promise<UserRow> {
  const details = cleanDetails(identity.details);
  return db.transaction(async (tx) => {
    await lockIdentity(tx, identity.provider, identity.subject);
    const user = await loadUserForUpdate(tx, userId);
    const existing = await findIdentity(tx, identity.provider, identity.subject);
    if (existing && existing.userId !== userId) throw conflict(identity.provider);
    if (!existing) {
      const legacy = await findLegacyUser(tx, identity.provider, identity.subject);
      if (legacy && legacy.id !== userId) throw conflict(identity.provider);
    }
    const t = schema.identities;
    if (SINGLE_VALUED.has(identity.provider)) {
      await tx
        .delete(t)
        .where(
          and(
            eq(t.userId, userId),
            eq(t.provider, identity.provider),
            sql`${t.subject} <> ${identity.subject}`,
          ),
        );
    }
    if (existing) {
      await tx
        .update(t)
        .set({ details: { ...existing.details, ...details }, isActive: true })
        .where(eq(t.id, existing.id));
    } else {
      await tx.insert(t).values({ userId, provider: identity.provider, subject: identity.subject, details });
    }
    const fields = {
      ...identity.refresh,
      ...missingFields(user, identity),
      ...mirroredFields(user, identity, now),
    };
    return updateUser(tx, user, fields, now);
  });
}

const conflict = (provider: IdentityProvider) =>
  new AppError(409, alreadyLinkedMessage(provider), { reason: 'already-linked', provider });

/**
 * Unlinks a method (all of a provider's, or the one `subject`). The account must keep a way to sign
 * in: removing the last sign-in method is a 409 and changes nothing.
 */
export async function unlinkIdentity(
  db: Executor,
  userId: string,
  provider: IdentityProvider | 'wallet',
  subject: string | undefined,
  now: Date = new Date(),
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    // The row lock serialises unlinks of one account, so two of them cannot both remove "the other" method.
    const user = await loadUserForUpdate(tx, userId);
    await backfillLegacyIdentities(tx, user);
    const rows = await tx.select().from(schema.identities).where(eq(schema.identities.userId, userId));
    const matches = (r: IdentityRow) =>
      (provider === 'wallet' ? WALLETS.has(r.provider) : r.provider === provider) &&
      (subject === undefined || r.subject === subject);
    const targets = rows.filter(matches);
    if (targets.length === 0) {
      throw new AppError(404, `No ${methodName(provider)} is linked to your account.`, {
        reason: 'not-linked',
      });
    }
    const remaining = rows.filter((r) => !matches(r) && r.isActive && SIGN_IN.has(r.provider));
    if (targets.some((r) => SIGN_IN.has(r.provider)) && remaining.length === 0) {
      throw new AppError(409, LAST_METHOD_MESSAGE, { reason: 'last-method' });
    }
    await tx.delete(schema.identities).where(
      inArray(
        schema.identities.id,
        targets.map((r) => r.id),
      ),
    );
    const cleared: Partial<NewUserRow> = {};
    for (const r of targets) {
      if (r.provider === 'phone' && user.phoneNumber === r.subject) cleared.phoneNumber = null;
      if (r.provider === 'telegram' && user.telegramId === r.subject) {
        cleared.telegramId = null;
        cleared.telegramUsername = null;
      }
    }
    return updateUser(tx, user, cleared, now);
  });
}

const toLinkedMethod = (r: IdentityRow): LinkedMethod => ({
  provider: r.provider,
  subject: r.subject,
  details: r.details,
  isActive: r.isActive,
  signIn: SIGN_IN.has(r.provider),
  linkedAt: r.createdAt.toISOString(),
});

/** SPEC §3 socialStatuses (twitter, discord, google, wallet, steam, telegram → isActive) and the linked methods. */
export async function identityStatus(db: Executor, user: UserRow): Promise<SocialAuthStatus> {
  await backfillLegacyIdentities(db, user);
  const rows = await db
    .select()
    .from(schema.identities)
    .where(eq(schema.identities.userId, user.id))
    .orderBy(asc(schema.identities.createdAt), asc(schema.identities.provider));
  const active = (...providers: IdentityProvider[]) =>
    rows.some((r) => r.isActive && providers.includes(r.provider));
  return {
    socialStatuses: {
      twitter: { isActive: active('twitter') },
      discord: { isActive: active('discord') },
      google: { isActive: active('google') },
      wallet: { isActive: active('evm', 'ton') },
      steam: { isActive: active('steam') },
      telegram: { isActive: active('telegram') },
    },
    methods: rows.map(toLinkedMethod),
  };
}
