import { expect, it } from 'vitest';
import { isMobileWidth } from './viewport.ts';

it('mobile width is 767 px or less (SPEC §9)', () => {
  expect(isMobileWidth(360)).toBe(true);
  expect(isMobileWidth(767)).toBe(true);
  expect(isMobileWidth(768)).toBe(false);
  expect(isMobileWidth(1280)).toBe(false);
});
