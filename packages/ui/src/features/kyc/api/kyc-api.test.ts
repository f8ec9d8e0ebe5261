import type { EventStreamFetch, EventStreamInit } from '@khel/core/client';
import type { KycDocument, KycStatus } from '@khel/core/contract';
import { createSessionStore, memoryStorage } from '@khel/core/session';
import { describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '../../../test/fake-api.ts';
import { getKycStatus, hasPendingDocument, withSubmittedDocument } from './get-kyc-status.ts';
import { subscribeKycStatus } from './kyc-status-stream.ts';
import { verifyAadhaar, verifyBank, verifyPan } from './verify-documents.ts';

const PAN: KycDocument = {
  docType: 'pan',
  status: 'pending',
  masked: 'XXXXXX234F',
  last4: '234F',
  holderType: 'individual',
  name: 'Arjun Mehta',
  bank: null,
  rejectionReason: null,
  submittedAt: '2026-01-01T10:00:00.000Z',
  decidedAt: null,
};
const STATUS: KycStatus = {
  required: true,
  pan: PAN,
  aadhaar: null,
  bank: null,
  complete: false,
  nextRequiredDoc: 'pan',
};

describe('KYC requests', () => {
  it('GET /kyc/status', async () => {
    const api = fakeApi({ 'GET /api/kyc/status': [envelope(200, STATUS)] });
    expect(await getKycStatus(api.client)).toEqual(STATUS);
  });

  it('POST verify-pan, verify-aadhaar (digits only, consent), verify-bank and update-bank send the contract bodies', async () => {
    const api = fakeApi({
      'POST /api/kyc/verify-pan': [envelope(202, PAN)],
      'POST /api/kyc/verify-aadhaar': [
        envelope(202, { ...PAN, docType: 'aadhaar', masked: 'XXXX XXXX 2346', last4: '2346' }),
      ],
      'POST /api/kyc/verify-bank': [envelope(202, { ...PAN, docType: 'bank' })],
      'POST /api/kyc/update-bank': [envelope(202, { ...PAN, docType: 'bank' })],
    });
    await verifyPan(api.client, { pan: 'ABCPE1234F', name: 'Arjun Mehta' });
    const aadhaar = await verifyAadhaar(api.client, { aadhaar: '234123412346', consent: true });
    expect(aadhaar.masked).toBe('XXXX XXXX 2346');
    const bank = { accountNumber: '123456789012', ifsc: 'SBIN0001234', holderName: 'Arjun Mehta' };
    await verifyBank(api.client, bank);
    await verifyBank(api.client, bank, 'update');
    expect(api.calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/kyc/verify-pan', { pan: 'ABCPE1234F', name: 'Arjun Mehta' }],
      ['POST', '/api/kyc/verify-aadhaar', { aadhaar: '234123412346', consent: true }],
      ['POST', '/api/kyc/verify-bank', bank],
      ['POST', '/api/kyc/update-bank', bank],
    ]);
  });

  it('a refused submission rejects with the API message (e.g. 409 PAN first)', async () => {
    const api = fakeApi({
      'POST /api/kyc/verify-bank': [envelope(409, null, 'Please verify your PAN first.')],
    });
    await expect(
      verifyBank(api.client, {
        accountNumber: '123456789012',
        ifsc: 'SBIN0001234',
        holderName: 'Arjun Mehta',
      }),
    ).rejects.toMatchObject({ status: 409, message: 'Please verify your PAN first.' });
  });

  it('a submitted document shows as pending at once', () => {
    const before: KycStatus = { ...STATUS, pan: { ...PAN, status: 'rejected', rejectionReason: 'x' } };
    expect(hasPendingDocument(before)).toBe(false);
    const after = withSubmittedDocument(before, PAN);
    expect(after?.pan?.status).toBe('pending');
    expect(hasPendingDocument(after)).toBe(true);
  });
});

/** A fetch answering with a stream of the given chunks that stays open until aborted. */
function streamingFetch(answers: { status: number; chunks?: string[] }[]) {
  const calls: { url: string; init: EventStreamInit }[] = [];
  const encoder = new TextEncoder();
  const fetch: EventStreamFetch = async (url, init) => {
    calls.push({ url, init });
    const answer = answers.shift() ?? { status: 503 };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of answer.chunks ?? []) controller.enqueue(encoder.encode(chunk));
        init.signal.addEventListener('abort', () => controller.error(new Error('aborted')));
      },
    });
    return { status: answer.status, ok: answer.status >= 200 && answer.status < 300, body };
  };
  return { fetch, calls };
}

describe('verification-check stream', () => {
  it('sends the bearer token and Source, and hands over each KYC status event; other events are ignored', async () => {
    const session = createSessionStore(memoryStorage());
    session.setTokens({ accessToken: 'access-1' });
    const verified: KycStatus = {
      ...STATUS,
      pan: { ...PAN, status: 'verified' },
      nextRequiredDoc: 'aadhaar',
    };
    const { fetch, calls } = streamingFetch([
      {
        status: 200,
        chunks: [
          `retry: 3000\nid: a\ndata: ${JSON.stringify(STATUS)}\n\n`,
          ': keep-alive\n\n',
          'data: not json\n\n',
          'data: {"unexpected":true}\n\n',
          `id: b\ndata: ${JSON.stringify(verified).slice(0, 40)}`,
          `${JSON.stringify(verified).slice(40)}\n\n`,
        ],
      },
    ]);
    const statuses: KycStatus[] = [];
    const connection = subscribeKycStatus({
      client: { baseUrl: 'https://khel.test/api', source: 'website', refresh: async () => null },
      session,
      onStatus: (s) => statuses.push(s),
      fetch,
    });
    await vi.waitFor(() => expect(statuses.map((s) => s.pan?.status)).toEqual(['pending', 'verified']));
    connection.close();
    expect(calls[0]?.url).toBe('https://khel.test/api/kyc/verification-check');
    expect(calls[0]?.init.headers).toMatchObject({
      Authorization: 'Bearer access-1',
      Source: 'website',
      Accept: 'text/event-stream',
    });
    expect(statuses.map((s) => s.pan?.status)).toEqual(['pending', 'verified']);
    expect(calls[0]?.init.signal.aborted).toBe(true);
  });

  it('a 401 refreshes the session and reconnects with the new token', async () => {
    const session = createSessionStore(memoryStorage());
    session.setTokens({ accessToken: 'old' });
    const { fetch, calls } = streamingFetch([
      { status: 401 },
      { status: 200, chunks: [`data: ${JSON.stringify(STATUS)}\n\n`] },
    ]);
    const refresh = vi.fn(async () => {
      session.setTokens({ accessToken: 'new' });
      return 'new';
    });
    const statuses: KycStatus[] = [];
    const connection = subscribeKycStatus({
      client: { baseUrl: '/api', source: 'telegram', refresh },
      session,
      onStatus: (s) => statuses.push(s),
      fetch,
    });
    await vi.waitFor(() => expect(statuses).toHaveLength(1));
    connection.close();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.init.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(statuses).toHaveLength(1);
  });

  it('reports failed when there is no such stream (the screen then polls GET /kyc/status)', async () => {
    const session = createSessionStore(memoryStorage());
    const { fetch } = streamingFetch([{ status: 404 }]);
    const states: string[] = [];
    subscribeKycStatus({
      client: { baseUrl: '/api', source: 'website', refresh: async () => null },
      session,
      onStatus: () => {},
      onStateChange: (s) => states.push(s),
      fetch,
    });
    await vi.waitFor(() => expect(states).toEqual(['connecting', 'failed']));
  });
});
