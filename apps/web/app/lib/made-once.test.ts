import { describe, expect, it, vi } from 'vitest';
import { madeOnce } from './made-once.ts';

describe('madeOnce', () => {
  it('makes once per answer and maker, again for a new answer (the cache expired)', () => {
    const make = vi.fn((raw: unknown) => ({ n: (raw as { n: number }).n * 2 }));
    const answer = { n: 2 };
    const first = madeOnce(answer, make);
    expect(madeOnce(answer, make)).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
    const other = (raw: unknown) => ({ other: raw });
    expect(madeOnce(answer, other)).toEqual({ other: answer });
    expect(madeOnce({ n: 2 }, make)).toEqual({ n: 4 });
    expect(make).toHaveBeenCalledTimes(2);
  });

  it('what it makes is frozen all the way down: no request can change it for the others', () => {
    const value = madeOnce({ list: [1] }, (raw) => ({ offers: [{ ...(raw as { list: number[] }) }] }));
    expect(() => {
      (value.offers as unknown[]).push(2);
    }).toThrow(TypeError);
    expect(() => {
      (value.offers[0] as { list: number[] }).list.push(2);
    }).toThrow(TypeError);
  });

  it('an answer that is not an object is made every time', () => {
    const make = vi.fn(() => 1);
    madeOnce(null, make);
    madeOnce(null, make);
    expect(make).toHaveBeenCalledTimes(2);
  });
});
