import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createTonDepositServices } from './services.ts';

const envOf = (over: Record<string, string>) =>
  loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'khel-ton-')),
    LOG_LEVEL: 'silent',
    ...over,
  });
const clock = () => new Date();

describe('which TON chain the deposits use', () => {
  it('the emulator outside production, started by a deposit, never by the watcher', async () => {
    const services = createTonDepositServices(envOf({}), clock);
    expect(await services.watched()).toBeNull();
    const chain = await services.chain();
    expect(chain?.network).toBe('ton:sandbox');
    expect(chain?.sandboxSend).toBeTypeOf('function');
    expect(await services.watched()).toBe(chain);
  });

  it('a real network needs TON_DEPOSIT_ADDRESS and is watched from the start', async () => {
    const api = { TON_API_URL: 'https://toncenter.test/api/v2', TON_NETWORK: 'mainnet' };
    expect(await createTonDepositServices(envOf(api), clock).chain()).toBeNull();
    const address = 'UQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAJKZ';
    const services = createTonDepositServices(envOf({ ...api, TON_DEPOSIT_ADDRESS: address }), clock);
    const watched = await services.watched();
    expect(watched?.network).toBe('ton:mainnet');
    expect(watched?.sandboxSend).toBeUndefined();
  });

  it('none in production without TON_API_URL; the rate from TON_KCASH_PER_TON', async () => {
    const production = createTonDepositServices(
      envOf({ NODE_ENV: 'production', TON_KCASH_PER_TON: '2500' }),
      clock,
    );
    expect(await production.chain()).toBeNull();
    expect(await production.rates.current(new Date())).toEqual({ fromMajor: 1n, toMajor: 2500n });
  });
});
