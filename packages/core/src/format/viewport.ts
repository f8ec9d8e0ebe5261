import { MOBILE_MAX_WIDTH } from '../domain/constants.ts';

/** SPEC §9 / DESIGN §9: a viewport 767 px wide or less is mobile. */
export function isMobileWidth(width: number): boolean {
  return width <= MOBILE_MAX_WIDTH;
}
