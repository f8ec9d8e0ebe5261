import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSignedId, signId } from './signed-id.ts';

describe('signed ids', () => {
  const key = randomBytes(32);
  it('reads back what it signed, dots in the id included', () => {
    expect(readSignedId(key, 'p', signId(key, 'p', 'a.b'))).toBe('a.b');
  });
  it('refuses another purpose, another key, a changed id or mac, and no mac', () => {
    const token = signId(key, 'p', 'user-1');
    expect(readSignedId(key, 'q', token)).toBeNull();
    expect(readSignedId(randomBytes(32), 'p', token)).toBeNull();
    expect(readSignedId(key, 'p', token.replace('user-1', 'user-2'))).toBeNull();
    // Another last character (the key is random: its mac ended in `A` one run in 64, which changed nothing).
    const other = token.endsWith('A') ? 'B' : 'A';
    expect(readSignedId(key, 'p', `${token.slice(0, -1)}${other}`)).toBeNull();
    expect(readSignedId(key, 'p', 'user-1')).toBeNull();
  });
});
