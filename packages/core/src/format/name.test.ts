import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPogUsername, isValidProfileUsername } from '../validation/index.ts';
import { gamerHandle, publicName } from './name.ts';

const ID = '3f1c2b9e-8d4a-4e7b-9c61-2a5d0f7e8b13';

describe('gamerHandle: a name for a user who has none yet', () => {
  it('is made from the id alone: the same in every list and push, whatever the case of the id', () => {
    expect(gamerHandle(ID)).toMatch(/^Gamer-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(gamerHandle(ID)).toBe(gamerHandle(ID.toUpperCase()));
    expect(gamerHandle(ID)).toBe(gamerHandle(` ${ID} `));
  });

  it('tells accounts apart and can never be taken as a username', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        const handle = gamerHandle(id);
        return !isValidProfileUsername(handle) && !isValidPogUsername(handle);
      }),
    );
    const handles = new Set(Array.from({ length: 2000 }, (_, i) => gamerHandle(`${ID.slice(0, -4)}${i}`)));
    expect(handles.size).toBeGreaterThan(1995);
  });
});

describe('publicName', () => {
  it('is the username, else the first name, else the handle', () => {
    expect(publicName({ id: ID, username: 'Ace01', firstName: 'Asha' })).toBe('Ace01');
    expect(publicName({ id: ID, username: null, firstName: 'Asha' })).toBe('Asha');
    expect(publicName({ id: ID, username: '  ', firstName: '' })).toBe(gamerHandle(ID));
    expect(publicName({ id: ID })).toBe(gamerHandle(ID));
  });
});
