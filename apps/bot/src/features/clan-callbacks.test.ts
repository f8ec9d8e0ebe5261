import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compactUuid, decodeClanCallback, encodeClanCallback, expandUuid } from './clan-callbacks.ts';

const CLAN = '0b8f6c1e-3d2a-4f5b-9c8d-7e6f5a4b3c2d';
const USER = 'ffffffff-ffff-4fff-bfff-ffffffffffff';

describe('clan console callback data', () => {
  it('round-trips every action within 64 bytes', () => {
    const callbacks = [
      { action: 'home', clanId: CLAN },
      { action: 'members', clanId: CLAN, page: 12 },
      { action: 'approve', clanId: CLAN, userId: USER },
      { action: 'remove', clanId: CLAN, userId: USER, page: 100_000 },
    ] as const;
    for (const callback of callbacks) {
      const data = encodeClanCallback(callback);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
      expect(decodeClanCallback(data)).toEqual(callback);
    }
  });

  it('any UUID survives compacting', () => {
    const uuids = [
      CLAN,
      USER,
      '00000000-0000-0000-0000-000000000000',
      'ABCDEF01-2345-6789-ABCD-EF0123456789',
    ];
    for (let i = 0; i < 500; i++) uuids.push(randomUUID());
    for (const uuid of uuids) expect(expandUuid(compactUuid(uuid))).toBe(uuid.toLowerCase());
  });

  it('refuses data it did not make', () => {
    const good = encodeClanCallback({ action: 'approve', clanId: CLAN, userId: USER });
    for (const data of [
      'k:a:short',
      good.replace(':a:', ':z:'),
      `${good}:1:2`,
      encodeClanCallback({ action: 'approve', clanId: CLAN, userId: USER }).split(':').slice(0, 3).join(':'),
      'notify/0/0',
      `${encodeClanCallback({ action: 'members', clanId: CLAN })}:0`,
      `${encodeClanCallback({ action: 'members', clanId: CLAN })}:-1`,
    ])
      expect(decodeClanCallback(data), data).toBeNull();
  });
});
