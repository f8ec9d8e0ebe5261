import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';

describe('SPEC §8 texts, exact, with {product} read as Khel', () => {
  it("'Uh-oh! Not Enough K-Cash or rKHEL' and 'Error updating Khel role'", () => {
    expect(MESSAGES.notEnoughBalance).toBe('Uh-oh! Not Enough K-Cash or rKHEL');
    expect(MESSAGES.updateRoleFailed).toBe('Error updating Khel role');
  });

  it('no placeholder is left', () => {
    for (const text of Object.values(MESSAGES)) expect(text).not.toMatch(/[{}]/);
  });

  it('contains every catalogue text verbatim', () => {
    const expected = [
      'API Failure!',
      'API failure! Please try again',
      'Mission failed!',
      'Something broke while minting your POG card.',
      'An error occurred while fetching data.. Please try again!',
      'Something went wrong, Please try again!',
      'Payment Failed, Please try again!',
      'Refresh limit reached',
      'Error: Face not detected!',
      'Camera not found!',
      'Permission Required',
      'Missing accessToken or payload. Cannot update preferences.',
      'Failed to update preferences. No response data received.',
      'Error updating Khel role',
      'Error updating platform',
      'Uh-oh! Not Enough K-Cash or rKHEL',
      'It is taking longer than usual to process your payment.',
      'Reward claim transaction failed. Please retry by signing the transaction again.',
      'Claim Failed',
      'Connection failed',
      'Looks like there is nothing here yet',
      'Conflict: Resource already in progress',
      'phone number already exists',
      'phone number successfully verified',
    ];
    expect(Object.values(MESSAGES).sort()).toEqual(expected.sort());
  });
});
