import { describe, expect, it } from 'vitest';
import { sideBySide } from './side-by-side.ts';

describe('sideBySide', () => {
  it("gives each branch's value in order", async () => {
    expect(await sideBySide([Promise.resolve(1), 'two', Promise.resolve({ three: 3 })])).toEqual([
      1,
      'two',
      { three: 3 },
    ]);
  });

  it('fails only once every branch has ended, with the first failure', async () => {
    const refused = new Error('refused');
    let slowEnded = false;
    // A branch still running when another has failed (it may still be sending statements).
    const slow = new Promise<string>((resolve) =>
      setImmediate(() => {
        slowEnded = true;
        resolve('done');
      }),
    );
    const failure = await sideBySide([
      Promise.reject(refused),
      slow,
      Promise.reject(new Error('later')),
    ]).catch((error: unknown) => error);
    // Promise.all would have failed before the slow branch ended.
    expect(slowEnded).toBe(true);
    expect(failure).toBe(refused);
  });
});
