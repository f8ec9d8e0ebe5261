import { describe, expect, it } from 'vitest';
import { searchWithoutOutcome, socialLinkOutcome } from './social-link-outcome.ts';

describe('the outcome of linking X, Discord or Steam in the address', () => {
  it('reads linked= and link_error=&provider=; an unknown reason is a failure, an unknown provider nothing', () => {
    expect(socialLinkOutcome('?linked=twitter')).toEqual({ provider: 'twitter', error: null });
    expect(socialLinkOutcome('?link_error=already-linked&provider=steam')).toEqual({
      provider: 'steam',
      error: 'already-linked',
    });
    expect(socialLinkOutcome('?link_error=weird&provider=discord')).toEqual({
      provider: 'discord',
      error: 'failed',
    });
    expect(socialLinkOutcome('?linked=myspace')).toBeNull();
    expect(socialLinkOutcome('?link_error=expired')).toBeNull();
    expect(socialLinkOutcome('')).toBeNull();
  });

  it('removes only the outcome from the address', () => {
    expect(searchWithoutOutcome('?tab=tasks&linked=twitter')).toBe('?tab=tasks');
    expect(searchWithoutOutcome('?link_error=expired&provider=twitter')).toBe('');
  });
});
