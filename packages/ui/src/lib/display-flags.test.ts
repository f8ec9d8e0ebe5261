import { describe, expect, it } from 'vitest';
import { isInFrame, parseDisplayFlags } from './display-flags.ts';

describe('SPEC §2 display flags', () => {
  it('shows header and footer by default', () => {
    expect(parseDisplayFlags('', false)).toEqual({ showHeader: true, showFooter: true, embedded: false });
  });

  it('header=false and footer=false hide them (any case)', () => {
    expect(parseDisplayFlags('?header=false', false)).toMatchObject({ showHeader: false, showFooter: true });
    expect(parseDisplayFlags('?footer=FALSE&x=1', false)).toMatchObject({
      showHeader: true,
      showFooter: false,
    });
    expect(parseDisplayFlags('?header=false&footer=false', false)).toMatchObject({
      showHeader: false,
      showFooter: false,
    });
  });

  it('other values keep them', () => {
    expect(parseDisplayFlags('?header=true&footer=0', false)).toMatchObject({
      showHeader: true,
      showFooter: true,
    });
  });

  it('an embedded page keeps it minimal: no footer', () => {
    expect(parseDisplayFlags('', true)).toEqual({ showHeader: true, showFooter: false, embedded: true });
  });

  it('detects a frame, including a cross-origin parent that throws on access', () => {
    const top = {} as Window;
    expect(isInFrame({ self: top, top } as unknown as Window)).toBe(false);
    expect(isInFrame({ self: {}, top } as unknown as Window)).toBe(true);
    const crossOrigin = {
      self: {},
      get top(): Window {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    };
    expect(isInFrame(crossOrigin as unknown as Window)).toBe(true);
    expect(isInFrame(undefined)).toBe(false);
  });
});
