import { describe, expect, it } from 'vitest';
import * as contract from './all.ts';
import { apiMessageCodeOf, apiMessages } from './index.ts';

describe('the message catalogue', () => {
  it('holds every table of the contract (exports named …Messages), each code UPPER_SNAKE, each text once', () => {
    const tables = Object.entries(contract).filter(([name]) => name.endsWith('Messages'));
    expect(tables.length).toBeGreaterThan(20);
    let count = 0;
    for (const [name, table] of tables) {
      expect(typeof table, name).toBe('object');
      for (const [code, text] of Object.entries(table as Record<string, unknown>)) {
        expect(code, name).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
        expect(typeof text, `${name}.${code}`).toBe('string');
        expect(apiMessages[code as keyof typeof apiMessages]).toBe(text);
        count++;
      }
    }
    expect(Object.keys(apiMessages)).toHaveLength(count);
    expect(new Set(Object.values(apiMessages)).size).toBe(count);
  });

  it('finds the code of a text, the merged duplicates included, and nothing for a text it does not hold', () => {
    expect(apiMessageCodeOf(contract.POG_NOT_MINTED_MESSAGE)).toBe('POG_NOT_MINTED');
    expect(apiMessageCodeOf(contract.UNAUTHORIZED_MESSAGE)).toBe('UNAUTHORIZED');
    expect(apiMessageCodeOf(contract.BOT_USER_NOT_LINKED_MESSAGE)).toBe('BOT_USER_NOT_LINKED');
    expect(apiMessageCodeOf('A sentence nobody wrote.')).toBeUndefined();
  });
});
