import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { invoiceRuleBroken, StarsTelegramError, telegramStars } from './provider.ts';

/** A Bot API on loopback whose answer to each call the test decides: a reset connection or a JSON body. */
async function botApi(answers: ('reset' | { status: number; body: unknown })[]) {
  const calls: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    calls.push(req.url ?? '');
    const answer = answers.shift() ?? {
      status: 500,
      body: { ok: false, error_code: 500, description: 'none left' },
    };
    req.resume();
    if (answer === 'reset') {
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { apiRoot: `http://127.0.0.1:${port}`, calls, close: () => server.close() };
}

const INVOICE = {
  title: '100 K-Cash',
  description: 'A pack of K-Cash',
  payload: 'invoice-1',
  currency: 'XTR' as const,
  prices: [{ label: '100 K-Cash', amount: 50 }],
};

describe('Telegram’s rules for an invoice in Stars', () => {
  it('the provider enforces Telegram’s invoice rules', () => {
    const ok = INVOICE;
    expect(invoiceRuleBroken(ok)).toBeNull();
    expect(invoiceRuleBroken({ ...ok, title: 'x'.repeat(33) })).toMatch(/TITLE/);
    expect(invoiceRuleBroken({ ...ok, description: '' })).toMatch(/DESCRIPTION/);
    expect(invoiceRuleBroken({ ...ok, payload: 'é'.repeat(65) })).toMatch(/PAYLOAD/);
    expect(invoiceRuleBroken({ ...ok, prices: [] })).toMatch(/STARS_INVOICE/);
    expect(invoiceRuleBroken({ ...ok, prices: [{ label: 'x', amount: 1.5 }] })).toMatch(/STARS_INVOICE/);
    expect(invoiceRuleBroken({ ...ok, currency: 'USD' as 'XTR' })).toMatch(/CURRENCY/);
  });
});

describe('Stars through the Bot API (telegramStars)', () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  const starsAt = (apiRoot: string) =>
    telegramStars(loadEnv({ NODE_ENV: 'test', TELEGRAM_API_ROOT: apiRoot }), '123:test-token');

  it('makes a call that got no answer (a reset connection) once more, and gives its answer', async () => {
    const api = await botApi(['reset', { status: 200, body: { ok: true, result: 'https://t.me/$invoice' } }]);
    close = api.close;
    expect(await starsAt(api.apiRoot).createInvoiceLink(INVOICE)).toBe('https://t.me/$invoice');
    expect(api.calls).toEqual([
      '/bot123:test-token/createInvoiceLink',
      '/bot123:test-token/createInvoiceLink',
    ]);
  });

  it('does not repeat what Telegram answered: a refusal is the error, after one call', async () => {
    const api = await botApi([
      {
        status: 400,
        body: { ok: false, error_code: 400, description: 'Bad Request: STARS_INVOICE_INVALID' },
      },
    ]);
    close = api.close;
    const failure = await starsAt(api.apiRoot)
      .createInvoiceLink(INVOICE)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StarsTelegramError);
    expect(failure).toMatchObject({ message: 'Bad Request: STARS_INVOICE_INVALID', refused: true });
    expect(api.calls).toHaveLength(1);
  });

  it('a refund whose first call got no answer and that Telegram had made already is refunded', async () => {
    const api = await botApi([
      'reset',
      {
        status: 400,
        body: { ok: false, error_code: 400, description: 'Bad Request: CHARGE_ALREADY_REFUNDED' },
      },
    ]);
    close = api.close;
    expect(await starsAt(api.apiRoot).refund(42, 'charge-1')).toBe('already_refunded');
    expect(api.calls).toHaveLength(2);
  });

  it('two calls with no answer fail as Telegram unreachable, not refused', async () => {
    const api = await botApi(['reset', 'reset']);
    close = api.close;
    const failure = await starsAt(api.apiRoot)
      .createInvoiceLink(INVOICE)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'StarsTelegramError', refused: false });
    expect(api.calls).toHaveLength(2);
  });
});
