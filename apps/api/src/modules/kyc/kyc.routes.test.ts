import {
  AADHAAR_CONSENT_MESSAGE,
  AADHAAR_FORMAT_MESSAGE,
  IFSC_UNKNOWN_MESSAGE,
  KYC_ALREADY_VERIFIED_MESSAGE,
  KYC_BANK_NOT_VERIFIED_MESSAGE,
  KYC_DOCUMENT_USED_MESSAGE,
  KYC_IN_PROGRESS_MESSAGE,
  KYC_NOT_REQUIRED_MESSAGE,
  KYC_PAN_FIRST_MESSAGE,
  KYC_RATE_LIMITED_MESSAGE,
  KYC_REJECTION_REASONS,
  KYC_UNAVAILABLE_MESSAGE,
  kycStatusSchema,
  PAN_FORMAT_MESSAGE,
  PAN_NOT_INDIVIDUAL_MESSAGE,
} from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runDueJobs } from '../../lib/jobs.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { requestAccountDeletion } from '../account-deletion/account-deletion.ts';
import { signedInUser, userRow } from '../profile/profile.test-support.ts';
import {
  decide,
  KOTAK,
  kycJobs,
  kycRows,
  openEventStream,
  post,
  randomAadhaar,
  randomAccount,
  randomPan,
  SBI_NEW_DELHI,
  spaced,
} from './kyc.test-support.ts';
import { kycCheckJob } from './kyc-check-job.ts';
import { KYC_EVENTS_HEARTBEAT_MS, KYC_EVENTS_MAX_LIFETIME_MS } from './kyc-events.ts';
import { KYC_SUBMISSIONS_PER_HOUR } from './kyc-service.ts';
import { loadKycState } from './kyc-state.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DB_KINDS)('Indian KYC (/kyc) on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const indian = () => signedInUser(ctx, { country: 'IN' });
  const status = async (auth: Record<string, string>) => {
    const res = await ctx.json('/kyc/status', { headers: auth });
    expect(res.status).toBe(200);
    return kycStatusSchema.parse(res.body.data);
  };
  /** A user whose PAN is verified under `name`. */
  async function withVerifiedPan(name = 'Ravi Kumar') {
    const u = await indian();
    const pan = randomPan();
    expect((await post(ctx, u.auth, '/kyc/verify-pan', { pan, name })).status).toBe(202);
    await decide(ctx);
    expect((await status(u.auth)).pan?.status).toBe('verified');
    return { ...u, pan, name };
  }

  describe('GET /kyc/status', () => {
    it('a new Indian user: required, nothing submitted, PAN first', async () => {
      const u = await indian();
      expect(await status(u.auth)).toEqual({
        required: true,
        pan: null,
        aadhaar: null,
        bank: null,
        complete: false,
        nextRequiredDoc: 'pan',
      });
    });

    it('India is the profile country, or with none the +91 phone; elsewhere KYC is not required', async () => {
      expect((await status((await signedInUser(ctx, { country: null })).auth)).required).toBe(true);
      const br = await signedInUser(ctx, { country: 'BR', phoneNumber: `+5511${Date.now() % 1e9}` });
      expect((await status(br.auth)).required).toBe(false);
      const abroad = await signedInUser(ctx, { country: 'BR' });
      expect((await status(abroad.auth)).required).toBe(false);
    });

    it('needs a signed-in user', async () => {
      for (const path of ['/kyc/status', '/kyc/verification-check']) {
        const res = await ctx.json(path);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ success: false, status: 401 });
      }
      const res = await post(ctx, { authorization: 'Bearer nope' }, '/kyc/verify-pan', {
        pan: randomPan(),
        name: 'Ravi Kumar',
      });
      expect(res.status).toBe(401);
    });
  });

  describe('POST /kyc/verify-pan', () => {
    it('answers 202 pending with the PAN masked; only the provider decision makes it verified', async () => {
      const u = await indian();
      const pan = randomPan();
      const res = await post(ctx, u.auth, '/kyc/verify-pan', {
        pan: ` ${pan.toLowerCase()} `,
        name: 'Ravi Kumar',
      });
      expect(res.status).toBe(202);
      expect(res.body.data).toMatchObject({
        docType: 'pan',
        status: 'pending',
        masked: `XXXXXX${pan.slice(-4)}`,
        last4: pan.slice(-4),
        holderType: 'individual',
        name: 'Ravi Kumar',
        bank: null,
        rejectionReason: null,
        decidedAt: null,
      });
      expect(JSON.stringify(res.body)).not.toContain(pan);

      const before = await status(u.auth);
      expect(before.pan?.status).toBe('pending');
      expect(before.complete).toBe(false);
      expect(before.nextRequiredDoc).toBe('pan');
      expect((await loadKycState(ctx.deps.db, u.user.id)).complete).toBe(false);

      // The job carries ids only; the PAN is decrypted from the row when it runs.
      const [job] = (await kycJobs(ctx)).filter((j) => j.payload.userId === u.user.id);
      expect(job!.payload).toEqual({ userId: u.user.id, docType: 'pan', attempt: 1 });

      expect(await decide(ctx)).toBeGreaterThan(0);
      const after = await status(u.auth);
      expect(after.pan).toMatchObject({ status: 'verified', name: 'Ravi Kumar', rejectionReason: null });
      expect(after.pan?.decidedAt).not.toBeNull();
      expect(after.nextRequiredDoc).toBe('aadhaar');
      expect(JSON.stringify(after)).not.toContain(pan);

      const [row] = await kycRows(ctx, u.user.id);
      expect(row!.ciphertext).not.toContain(pan);
      expect(row!.lookupHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.provider).toBe('sandbox');
      expect(row!.providerRef).toMatch(/^sbkyc_/);
    });

    it('refuses bad formats and non-individual PANs with a 400 and stores nothing', async () => {
      const u = await indian();
      const cases: [unknown, string][] = [
        [{ pan: 'ABCPE1234', name: 'Ravi Kumar' }, PAN_FORMAT_MESSAGE],
        [{ pan: 'ABCXE1234F', name: 'Ravi Kumar' }, PAN_FORMAT_MESSAGE],
        [{ pan: 12345, name: 'Ravi Kumar' }, PAN_FORMAT_MESSAGE],
        [{ pan: 'ABCCE1234F', name: 'Ravi Kumar' }, PAN_NOT_INDIVIDUAL_MESSAGE],
        [{ pan: 'ABCFE1234F', name: 'Ravi Kumar' }, PAN_NOT_INDIVIDUAL_MESSAGE],
      ];
      for (const [body, message] of cases) {
        const res = await post(ctx, u.auth, '/kyc/verify-pan', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message).toBe(message);
      }
      const extra = await post(ctx, u.auth, '/kyc/verify-pan', { pan: randomPan(), name: 'R', x: 1 });
      expect(extra.status).toBe(400);
      expect(await kycRows(ctx, u.user.id)).toHaveLength(0);
    });

    it('sandbox rules: digits 9999 is a name mismatch, 0000 is not found; a new submission replaces the row', async () => {
      const u = await indian();
      const mismatch = randomPan('9999');
      expect((await post(ctx, u.auth, '/kyc/verify-pan', { pan: mismatch, name: 'Ravi Kumar' })).status).toBe(
        202,
      );
      await decide(ctx);
      let s = await status(u.auth);
      expect(s.pan).toMatchObject({
        status: 'rejected',
        rejectionReason: KYC_REJECTION_REASONS.panNameMismatch,
      });
      expect(s.pan?.name).toBe('Ravi Kumar');

      const missing = randomPan('0000');
      const again = await post(ctx, u.auth, '/kyc/verify-pan', { pan: missing, name: 'Ravi Kumar' });
      expect(again.status).toBe(202);
      expect(again.body.data).toMatchObject({
        status: 'pending',
        rejectionReason: null,
        last4: missing.slice(-4),
      });
      await decide(ctx);
      s = await status(u.auth);
      expect(s.pan).toMatchObject({ status: 'rejected', rejectionReason: KYC_REJECTION_REASONS.panNotFound });

      // Resubmitting the same rejected PAN is allowed too.
      expect((await post(ctx, u.auth, '/kyc/verify-pan', { pan: missing, name: 'Ravi Kumar' })).status).toBe(
        202,
      );
      const good = randomPan();
      await decide(ctx);
      expect((await post(ctx, u.auth, '/kyc/verify-pan', { pan: good, name: 'Ravi  kumar' })).status).toBe(
        202,
      );
      await decide(ctx);
      s = await status(u.auth);
      expect(s.pan).toMatchObject({ status: 'verified', last4: good.slice(-4) });
      const rows = await kycRows(ctx, u.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.attempts).toBe(4);
    });

    it('409 while pending and once verified', async () => {
      const u = await indian();
      const pan = randomPan();
      expect((await post(ctx, u.auth, '/kyc/verify-pan', { pan, name: 'Asha Rao' })).status).toBe(202);
      const pending = await post(ctx, u.auth, '/kyc/verify-pan', { pan: randomPan(), name: 'Asha Rao' });
      expect(pending.status).toBe(409);
      expect(pending.body.message).toBe(KYC_IN_PROGRESS_MESSAGE);
      await decide(ctx);
      const done = await post(ctx, u.auth, '/kyc/verify-pan', { pan, name: 'Asha Rao' });
      expect(done.status).toBe(409);
      expect(done.body.message).toBe(KYC_ALREADY_VERIFIED_MESSAGE);
      expect((await kycRows(ctx, u.user.id))[0]!.attempts).toBe(1);
    });

    it('a PAN verified (or pending) on another account is refused with 409', async () => {
      const a = await withVerifiedPan('Meena Iyer');
      const b = await indian();
      const res = await post(ctx, b.auth, '/kyc/verify-pan', {
        pan: a.pan.toLowerCase(),
        name: 'Meena Iyer',
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(KYC_DOCUMENT_USED_MESSAGE);

      const c = await indian();
      const pan = randomPan();
      expect((await post(ctx, c.auth, '/kyc/verify-pan', { pan, name: 'Meena Iyer' })).status).toBe(202);
      const d = await indian();
      const used = await post(ctx, d.auth, '/kyc/verify-pan', { pan, name: 'Meena Iyer' });
      expect(used.status).toBe(409);
      expect(used.body.message).toBe(KYC_DOCUMENT_USED_MESSAGE);
      expect(await kycRows(ctx, d.user.id)).toHaveLength(0);
      await decide(ctx);
    });

    it('in parallel: one PAN on five accounts, or five PANs from one account, ends with exactly one submission', async () => {
      const pan = randomPan();
      const users = await Promise.all(Array.from({ length: 5 }, () => indian()));
      const across = await Promise.all(
        users.map((u) => post(ctx, u.auth, '/kyc/verify-pan', { pan, name: 'Rohan Mehta' })),
      );
      expect(across.map((r) => r.status).sort()).toEqual([202, 409, 409, 409, 409]);
      for (const r of across.filter((x) => x.status === 409))
        expect(r.body.message).toBe(KYC_DOCUMENT_USED_MESSAGE);

      const one = await indian();
      const mine = await Promise.all(
        Array.from({ length: 5 }, () =>
          post(ctx, one.auth, '/kyc/verify-pan', { pan: randomPan(), name: 'Rohan Mehta' }),
        ),
      );
      expect(mine.map((r) => r.status).sort()).toEqual([202, 409, 409, 409, 409]);
      for (const r of mine.filter((x) => x.status === 409))
        expect(r.body.message).toBe(KYC_IN_PROGRESS_MESSAGE);
      expect(await kycRows(ctx, one.user.id)).toHaveLength(1);
      await decide(ctx);
    });

    it('a PAN rejected on another account can be used', async () => {
      const a = await indian();
      const pan = randomPan('9999');
      expect((await post(ctx, a.auth, '/kyc/verify-pan', { pan, name: 'Kiran Das' })).status).toBe(202);
      await decide(ctx);
      const b = await indian();
      expect((await post(ctx, b.auth, '/kyc/verify-pan', { pan, name: 'Kiran Das' })).status).toBe(202);
      await decide(ctx);
    });

    it('users outside India get 403 and nothing is stored', async () => {
      const u = await signedInUser(ctx, { country: 'BR' });
      for (const [path, body] of [
        ['/kyc/verify-pan', { pan: randomPan(), name: 'Ana Souza' }],
        ['/kyc/verify-aadhaar', { aadhaar: randomAadhaar(), consent: true }],
        [
          '/kyc/verify-bank',
          { accountNumber: randomAccount(), ifsc: SBI_NEW_DELHI, holderName: 'Ana Souza' },
        ],
        [
          '/kyc/update-bank',
          { accountNumber: randomAccount(), ifsc: SBI_NEW_DELHI, holderName: 'Ana Souza' },
        ],
      ] as const) {
        const res = await post(ctx, u.auth, path, body);
        expect(res.status, path).toBe(403);
        expect(res.body.message).toBe(KYC_NOT_REQUIRED_MESSAGE);
      }
      expect(await kycRows(ctx, u.user.id)).toHaveLength(0);
    });

    it(`at most ${KYC_SUBMISSIONS_PER_HOUR} submissions per document type and hour (429 with Retry-After)`, async () => {
      const u = await indian();
      expect(
        (await post(ctx, u.auth, '/kyc/verify-pan', { pan: randomPan(), name: 'Ravi Kumar' })).status,
      ).toBe(202);
      for (let i = 1; i < KYC_SUBMISSIONS_PER_HOUR; i++)
        expect(
          (await post(ctx, u.auth, '/kyc/verify-pan', { pan: randomPan(), name: 'Ravi Kumar' })).status,
        ).toBe(409);
      const limited = await post(ctx, u.auth, '/kyc/verify-pan', { pan: randomPan(), name: 'Ravi Kumar' });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(KYC_RATE_LIMITED_MESSAGE);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another document type has its own budget.
      expect(
        (await post(ctx, u.auth, '/kyc/verify-aadhaar', { aadhaar: randomAadhaar(), consent: true })).status,
      ).toBe(202);
      await decide(ctx);
    });

    it('answers 503 when no provider is configured (KYC_PROVIDER=none)', async () => {
      const u = await indian();
      const provider = ctx.deps.kyc.provider;
      ctx.deps.kyc.provider = null;
      try {
        const res = await post(ctx, u.auth, '/kyc/verify-pan', { pan: randomPan(), name: 'Ravi Kumar' });
        expect(res.status).toBe(503);
        expect(res.body.message).toBe(KYC_UNAVAILABLE_MESSAGE);
      } finally {
        ctx.deps.kyc.provider = provider;
      }
      expect(await kycRows(ctx, u.user.id)).toHaveLength(0);
    });
  });

  describe('POST /kyc/verify-aadhaar', () => {
    it('takes the number as printed, answers pending with the last 4 only, then verified', async () => {
      const u = await indian();
      const aadhaar = randomAadhaar();
      const res = await post(ctx, u.auth, '/kyc/verify-aadhaar', { aadhaar: spaced(aadhaar), consent: true });
      expect(res.status).toBe(202);
      expect(res.body.data).toMatchObject({
        docType: 'aadhaar',
        status: 'pending',
        masked: `XXXX XXXX ${aadhaar.slice(-4)}`,
        last4: aadhaar.slice(-4),
        holderType: null,
        name: null,
      });
      expect(JSON.stringify(res.body)).not.toContain(aadhaar.slice(0, 8));
      await decide(ctx);
      const s = await status(u.auth);
      expect(s.aadhaar?.status).toBe('verified');
      expect(JSON.stringify(s)).not.toContain(aadhaar.slice(0, 8));
    });

    it('refuses a wrong check digit, a first digit 0/1, and no consent (400, nothing stored)', async () => {
      const u = await indian();
      const good = randomAadhaar();
      const wrongCheck = `${good.slice(0, 11)}${(Number(good[11]) + 1) % 10}`;
      const swapped = `${good.slice(0, 3)}${good[4]}${good[3]}${good.slice(5)}`;
      const cases: [unknown, string][] = [
        [{ aadhaar: wrongCheck, consent: true }, AADHAAR_FORMAT_MESSAGE],
        [{ aadhaar: `1${good.slice(1)}`, consent: true }, AADHAAR_FORMAT_MESSAGE],
        [{ aadhaar: good.slice(1), consent: true }, AADHAAR_FORMAT_MESSAGE],
        [{ aadhaar: good, consent: false }, AADHAAR_CONSENT_MESSAGE],
        [{ aadhaar: good }, AADHAAR_CONSENT_MESSAGE],
      ];
      if (good[3] !== good[4]) cases.push([{ aadhaar: swapped, consent: true }, AADHAAR_FORMAT_MESSAGE]);
      for (const [body, message] of cases) {
        const res = await post(ctx, u.auth, '/kyc/verify-aadhaar', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message).toBe(message);
        expect(JSON.stringify(res.body)).not.toContain(good.slice(0, 8));
      }
      expect(await kycRows(ctx, u.user.id)).toHaveLength(0);
    });

    it('sandbox rule: an Aadhaar starting 9999 is not found', async () => {
      const u = await indian();
      expect(
        (await post(ctx, u.auth, '/kyc/verify-aadhaar', { aadhaar: '9999 4105 7058', consent: true })).status,
      ).toBe(202);
      await decide(ctx);
      expect((await status(u.auth)).aadhaar).toMatchObject({
        status: 'rejected',
        last4: '7058',
        rejectionReason: KYC_REJECTION_REASONS.aadhaarNotFound,
      });
    });

    it('one Aadhaar, one account', async () => {
      const a = await indian();
      const aadhaar = randomAadhaar();
      expect((await post(ctx, a.auth, '/kyc/verify-aadhaar', { aadhaar, consent: true })).status).toBe(202);
      await decide(ctx);
      const b = await indian();
      const res = await post(ctx, b.auth, '/kyc/verify-aadhaar', { aadhaar: spaced(aadhaar), consent: true });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(KYC_DOCUMENT_USED_MESSAGE);
      const again = await post(ctx, a.auth, '/kyc/verify-aadhaar', { aadhaar, consent: true });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(KYC_ALREADY_VERIFIED_MESSAGE);
    });
  });

  describe('POST /kyc/verify-bank', () => {
    it('needs a PAN submitted first (409), and a known IFSC (400)', async () => {
      const u = await indian();
      const body = { accountNumber: randomAccount(), ifsc: SBI_NEW_DELHI, holderName: 'Ravi Kumar' };
      const first = await post(ctx, u.auth, '/kyc/verify-bank', body);
      expect(first.status).toBe(409);
      expect(first.body.message).toBe(KYC_PAN_FIRST_MESSAGE);
      const unknown = await post(ctx, u.auth, '/kyc/verify-bank', { ...body, ifsc: 'ZZZZ0ABC123' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(IFSC_UNKNOWN_MESSAGE);
      const badFormat = await post(ctx, u.auth, '/kyc/verify-bank', { ...body, ifsc: 'SBIN1000691' });
      expect(badFormat.status).toBe(400);
      const shortAccount = await post(ctx, u.auth, '/kyc/verify-bank', {
        ...body,
        accountNumber: '12345678',
      });
      expect(shortAccount.status).toBe(400);
      expect(await kycRows(ctx, u.user.id)).toHaveLength(0);
    });

    it('a rejected PAN is not enough (409 PAN first)', async () => {
      const u = await indian();
      expect(
        (await post(ctx, u.auth, '/kyc/verify-pan', { pan: randomPan('0000'), name: 'Ravi Kumar' })).status,
      ).toBe(202);
      await decide(ctx);
      const res = await post(ctx, u.auth, '/kyc/verify-bank', {
        accountNumber: randomAccount(),
        ifsc: SBI_NEW_DELHI,
        holderName: 'Ravi Kumar',
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(KYC_PAN_FIRST_MESSAGE);
    });

    it('with a verified PAN: pending with the bank from the IFSC data, then verified when the names match', async () => {
      const u = await withVerifiedPan('Ravi Kumar');
      const accountNumber = randomAccount();
      const res = await post(ctx, u.auth, '/kyc/verify-bank', {
        accountNumber: `${accountNumber.slice(0, 6)} ${accountNumber.slice(6)}`,
        ifsc: SBI_NEW_DELHI.toLowerCase(),
        holderName: 'KUMAR RAVI',
      });
      expect(res.status).toBe(202);
      expect(res.body.data).toMatchObject({
        docType: 'bank',
        status: 'pending',
        masked: `XXXXXXXX${accountNumber.slice(-4)}`,
        last4: accountNumber.slice(-4),
        name: 'KUMAR RAVI',
        bank: { ifsc: SBI_NEW_DELHI, bankName: 'State Bank of India', branch: null, city: null },
      });
      expect(JSON.stringify(res.body)).not.toContain(accountNumber);
      await decide(ctx);
      expect((await status(u.auth)).bank).toMatchObject({
        status: 'verified',
        last4: accountNumber.slice(-4),
      });
    });

    it('with the PAN still pending, the bank check waits for the PAN decision', async () => {
      const u = await indian();
      expect(
        (await post(ctx, u.auth, '/kyc/verify-pan', { pan: randomPan(), name: 'Sunita Devi' })).status,
      ).toBe(202);
      expect(
        (
          await post(ctx, u.auth, '/kyc/verify-bank', {
            accountNumber: randomAccount(),
            ifsc: KOTAK,
            holderName: 'Sunita Devi',
          })
        ).status,
      ).toBe(202);
      // The bank job runs first: it fails softly ("waiting for the PAN decision") and is retried later.
      const jobs = (await kycJobs(ctx)).filter((j) => j.payload.userId === u.user.id && !j.doneAt);
      const bankJob = jobs.find((j) => j.payload.docType === 'bank')!;
      await expect(kycCheckJob(ctx.deps, bankJob)).rejects.toThrow('waiting for the PAN decision');
      expect((await status(u.auth)).bank?.status).toBe('pending');
      // The PAN decision moves the waiting bank check forward; both end verified.
      await decide(ctx);
      const s = await status(u.auth);
      expect(s.pan?.status).toBe('verified');
      expect(s.bank).toMatchObject({ status: 'verified', bank: { bankName: 'Kotak Mahindra Bank' } });
    });

    it('a bank check waiting behind the PAN is woken by the PAN decision, not left to its backoff', async () => {
      const u = await indian();
      expect(
        (await post(ctx, u.auth, '/kyc/verify-pan', { pan: randomPan(), name: 'Vikram Singh' })).status,
      ).toBe(202);
      expect(
        (
          await post(ctx, u.auth, '/kyc/verify-bank', {
            accountNumber: randomAccount(),
            ifsc: SBI_NEW_DELHI,
            holderName: 'Vikram Singh',
          })
        ).status,
      ).toBe(202);
      // Hold the PAN job back, so the bank job runs alone and is put off with a backoff.
      const jobs = (await kycJobs(ctx)).filter((j) => j.payload.userId === u.user.id);
      const panJob = jobs.find((j) => j.payload.docType === 'pan')!;
      await ctx.deps.db
        .update(schema.jobs)
        .set({ runAt: new Date(ctx.now().getTime() + DAY_MS) })
        .where(eq(schema.jobs.id, panJob.id));
      const first = await runDueJobs(ctx.deps, { limit: 50 });
      expect(first.failed).toBeGreaterThanOrEqual(1);
      const [bankJob] = (await kycJobs(ctx)).filter(
        (j) => j.payload.userId === u.user.id && j.payload.docType === 'bank',
      );
      expect(bankJob!.runAt.getTime()).toBeGreaterThan(ctx.now().getTime() + 10_000);
      await ctx.deps.db.update(schema.jobs).set({ runAt: ctx.now() }).where(eq(schema.jobs.id, panJob.id));
      await decide(ctx);
      const s = await status(u.auth);
      expect(s.pan?.status).toBe('verified');
      expect(s.bank?.status).toBe('verified');
    });

    it('sandbox rules: holder name not matching the PAN, an account ending 0000, a PAN rejected meanwhile', async () => {
      const u = await withVerifiedPan('Ravi Kumar');
      expect(
        (
          await post(ctx, u.auth, '/kyc/verify-bank', {
            accountNumber: randomAccount(),
            ifsc: SBI_NEW_DELHI,
            holderName: 'Anil Sharma',
          })
        ).status,
      ).toBe(202);
      await decide(ctx);
      expect((await status(u.auth)).bank).toMatchObject({
        status: 'rejected',
        rejectionReason: KYC_REJECTION_REASONS.bankNameMismatch,
      });

      const closed = randomAccount('0000');
      expect(
        (
          await post(ctx, u.auth, '/kyc/verify-bank', {
            accountNumber: closed,
            ifsc: SBI_NEW_DELHI,
            holderName: 'R. Kumar',
          })
        ).status,
      ).toBe(202);
      await decide(ctx);
      expect((await status(u.auth)).bank).toMatchObject({
        status: 'rejected',
        last4: '0000',
        rejectionReason: KYC_REJECTION_REASONS.bankAccountClosed,
      });

      const v = await indian();
      expect(
        (await post(ctx, v.auth, '/kyc/verify-pan', { pan: randomPan('0000'), name: 'Ravi Kumar' })).status,
      ).toBe(202);
      expect(
        (
          await post(ctx, v.auth, '/kyc/verify-bank', {
            accountNumber: randomAccount(),
            ifsc: SBI_NEW_DELHI,
            holderName: 'Ravi Kumar',
          })
        ).status,
      ).toBe(202);
      await decide(ctx);
      const s = await status(v.auth);
      expect(s.pan?.status).toBe('rejected');
      expect(s.bank).toMatchObject({
        status: 'rejected',
        rejectionReason: KYC_REJECTION_REASONS.bankPanNotVerified,
      });
    });

    it('one bank account, one Khel account; verify-bank again once verified is a 409', async () => {
      const a = await withVerifiedPan('Ravi Kumar');
      const accountNumber = randomAccount();
      const body = { accountNumber, ifsc: SBI_NEW_DELHI, holderName: 'Ravi Kumar' };
      expect((await post(ctx, a.auth, '/kyc/verify-bank', body)).status).toBe(202);
      await decide(ctx);
      const again = await post(ctx, a.auth, '/kyc/verify-bank', body);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(KYC_ALREADY_VERIFIED_MESSAGE);
      const b = await withVerifiedPan('Ravi Kumar');
      // Another branch of the same bank is the same account.
      const used = await post(ctx, b.auth, '/kyc/verify-bank', { ...body, ifsc: 'SBIN0000001' });
      expect(used.status).toBe(409);
      expect(used.body.message).toBe(KYC_DOCUMENT_USED_MESSAGE);
    });
  });

  describe('POST /kyc/update-bank', () => {
    it('needs a verified bank account, then replaces it and verifies the new one', async () => {
      const u = await withVerifiedPan('Priya Nair');
      const first = { accountNumber: randomAccount(), ifsc: SBI_NEW_DELHI, holderName: 'Priya Nair' };
      const early = await post(ctx, u.auth, '/kyc/update-bank', first);
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(KYC_BANK_NOT_VERIFIED_MESSAGE);

      expect((await post(ctx, u.auth, '/kyc/verify-bank', first)).status).toBe(202);
      const whilePending = await post(ctx, u.auth, '/kyc/update-bank', {
        ...first,
        accountNumber: randomAccount(),
      });
      expect(whilePending.status).toBe(409);
      expect(whilePending.body.message).toBe(KYC_IN_PROGRESS_MESSAGE);
      await decide(ctx);

      const same = await post(ctx, u.auth, '/kyc/update-bank', first);
      expect(same.status).toBe(409);
      expect(same.body.message).toBe(KYC_ALREADY_VERIFIED_MESSAGE);

      const next = { accountNumber: randomAccount(), ifsc: KOTAK, holderName: 'Priya Nair' };
      const res = await post(ctx, u.auth, '/kyc/update-bank', next);
      expect(res.status).toBe(202);
      expect(res.body.data).toMatchObject({
        status: 'pending',
        last4: next.accountNumber.slice(-4),
        bank: { ifsc: KOTAK, bankName: 'Kotak Mahindra Bank' },
      });
      expect((await loadKycState(ctx.deps.db, u.user.id)).documents.bank?.status).toBe('pending');
      await decide(ctx);
      expect((await status(u.auth)).bank).toMatchObject({
        status: 'verified',
        last4: next.accountNumber.slice(-4),
      });
      const bankRow = (await kycRows(ctx, u.user.id)).find((r) => r.docType === 'bank');
      expect(bankRow!.attempts).toBe(2);

      // The old account is free again.
      const other = await withVerifiedPan('Priya Nair');
      expect((await post(ctx, other.auth, '/kyc/verify-bank', first)).status).toBe(202);
      await decide(ctx);
    });
  });

  it('all three verified: complete, nothing more required', async () => {
    const u = await withVerifiedPan('Lakshmi Menon');
    expect(
      (await post(ctx, u.auth, '/kyc/verify-aadhaar', { aadhaar: randomAadhaar(), consent: true })).status,
    ).toBe(202);
    expect(
      (
        await post(ctx, u.auth, '/kyc/verify-bank', {
          accountNumber: randomAccount(),
          ifsc: KOTAK,
          holderName: 'LAKSHMI MENON',
        })
      ).status,
    ).toBe(202);
    expect((await status(u.auth)).complete).toBe(false);
    await decide(ctx);
    const s = await status(u.auth);
    expect(s).toMatchObject({ required: true, complete: true, nextRequiredDoc: null });
    expect((await loadKycState(ctx.deps.db, u.user.id)).complete).toBe(true);
  });

  describe('GET /kyc/verification-check (server-sent events)', () => {
    it('sends the status at once, then an event when the decision lands', async () => {
      const u = await indian();
      expect(
        (await post(ctx, u.auth, '/kyc/verify-pan', { pan: randomPan(), name: 'Ravi Kumar' })).status,
      ).toBe(202);
      const stream = await openEventStream(ctx, u.auth);
      try {
        expect(stream.res.status).toBe(200);
        expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
        const first = await stream.nextEvent();
        expect(first?.retry).toBeGreaterThan(0);
        expect(first?.id).toMatch(/^[0-9a-f]{16}$/);
        const initial = kycStatusSchema.parse(JSON.parse(first!.data!));
        expect(initial.pan?.status).toBe('pending');

        await decide(ctx);
        const next = await stream.nextEvent();
        const decided = kycStatusSchema.parse(JSON.parse(next!.data!));
        expect(decided.pan?.status).toBe('verified');
        expect(next!.id).not.toBe(first!.id);

        // A new submission is an event too.
        expect(
          (await post(ctx, u.auth, '/kyc/verify-aadhaar', { aadhaar: randomAadhaar(), consent: true }))
            .status,
        ).toBe(202);
        const submitted = kycStatusSchema.parse(JSON.parse((await stream.nextEvent())!.data!));
        expect(submitted.aadhaar?.status).toBe('pending');
        await decide(ctx);
        const verified = kycStatusSchema.parse(JSON.parse((await stream.nextEvent())!.data!));
        expect(verified.aadhaar?.status).toBe('verified');
      } finally {
        await stream.close();
      }
    });

    it('sends keep-alive comments while nothing changes, and ends after its maximum lifetime', async () => {
      const u = await indian();
      const stream = await openEventStream(ctx, u.auth);
      try {
        expect((await stream.nextEvent())?.data).toBeTruthy();
        ctx.advance(KYC_EVENTS_HEARTBEAT_MS + 1_000);
        const beat = await stream.next();
        expect(beat?.data).toBeNull();
        expect(beat?.comments).toContain('keep-alive');
        ctx.advance(KYC_EVENTS_MAX_LIFETIME_MS);
        expect(await stream.next()).toBeNull();
      } finally {
        await stream.close();
      }
    });
  });

  it('the account purge deletes the KYC documents, so the numbers can be used again', async () => {
    const u = await withVerifiedPan('Deepak Joshi');
    const aadhaar = randomAadhaar();
    expect((await post(ctx, u.auth, '/kyc/verify-aadhaar', { aadhaar, consent: true })).status).toBe(202);
    await decide(ctx);
    expect(await kycRows(ctx, u.user.id)).toHaveLength(2);
    await requestAccountDeletion(ctx.deps, await userRow(ctx, u.user.id));
    ctx.advance(ctx.deps.env.ACCOUNT_DELETION_GRACE_DAYS * DAY_MS + 60_000);
    await decide(ctx);
    expect((await userRow(ctx, u.user.id)).deletedAt).not.toBeNull();
    expect(await kycRows(ctx, u.user.id)).toHaveLength(0);
    const other = await indian();
    expect(
      (await post(ctx, other.auth, '/kyc/verify-pan', { pan: u.pan, name: 'Deepak Joshi' })).status,
    ).toBe(202);
    expect((await post(ctx, other.auth, '/kyc/verify-aadhaar', { aadhaar, consent: true })).status).toBe(202);
    await decide(ctx);
    const s = await status(other.auth);
    expect([s.pan?.status, s.aadhaar?.status]).toEqual(['verified', 'verified']);
  });
});
