import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone-format.ts';

describe('formatPhone', () => {
  it('groups Indian and Brazilian numbers the way people write them', () => {
    expect(formatPhone('+919876543210')).toBe('+91 98765 43210');
    expect(formatPhone('+5511987654321')).toBe('+55 11 98765-4321');
    expect(formatPhone('+551134567890')).toBe('+55 11 3456-7890');
  });

  it('leaves other numbers as stored', () => {
    expect(formatPhone('+9779812345678')).toBe('+9779812345678');
  });
});
