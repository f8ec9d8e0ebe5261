import { describe, expect, it } from 'vitest';
import { createCloseHolds } from './closing-confirmation.ts';

describe('the closing confirmation', () => {
  it('is on while at least one payment or mint holds it, and off after the last release', () => {
    const applied: boolean[] = [];
    const hold = createCloseHolds((confirm) => applied.push(confirm));
    const payment = hold();
    const mint = hold();
    expect(applied).toEqual([true]);
    payment();
    expect(applied).toEqual([true]);
    mint();
    expect(applied).toEqual([true, false]);
  });

  it('counts a release once, however often it is called (a React effect cleaned up twice)', () => {
    const applied: boolean[] = [];
    const hold = createCloseHolds((confirm) => applied.push(confirm));
    const first = hold();
    const second = hold();
    first();
    first();
    expect(applied).toEqual([true]);
    second();
    expect(applied).toEqual([true, false]);
    hold();
    expect(applied).toEqual([true, false, true]);
  });
});
