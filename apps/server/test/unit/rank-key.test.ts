import { describe, expect, it } from 'vitest';
import { isRankKey, keyBetween, keysBetween } from '../../src/lib/rank-key';

// Byte order, as PostgreSQL compares a `collate "C"` column.
const inOrder = (keys: string[]) => keys.every((key, i) => i === 0 || (keys[i - 1] ?? '') < key);

/** A small deterministic generator (no flaky random tests). */
function lcg(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

describe('rank keys', () => {
  it('starts a list, and adds before the first and after the last', () => {
    expect(keyBetween(null, null)).toBe('a0');
    expect(keyBetween('a0', null)).toBe('a1');
    expect(keyBetween(null, 'a0')).toBe('Zz');
    expect(keyBetween('az', null)).toBe('b00');
    expect(keyBetween(null, 'b00')).toBe('az');
    expect(keyBetween('a0', 'a1')).toBe('a0V');
    expect(keyBetween('a0V', 'a1')).toBe('a0l');
    expect(keyBetween('a0', 'a0V')).toBe('a0G');
    expect(keyBetween(null, 'a0V')).toBe('a0');
  });

  it('refuses keys out of order or malformed', () => {
    expect(() => keyBetween('a1', 'a0')).toThrow(/out of order/);
    expect(() => keyBetween('a1', 'a1')).toThrow(/out of order/);
    expect(() => keyBetween('a10', null)).toThrow(/not a rank key/);
    expect(() => keyBetween('', null)).toThrow(/not a rank key/);
    expect(() => keyBetween('a!', null)).toThrow(/not a rank key/);
    expect(isRankKey('b')).toBe(false);
    expect(isRankKey('d0001')).toBe(true);
  });

  it('appending or prepending 10,000 keys keeps them short and in order', () => {
    const appended = keysBetween(null, null, 10_000);
    expect(inOrder(appended)).toBe(true);
    expect(Math.max(...appended.map((k) => k.length))).toBeLessThanOrEqual(4);
    const prepended: string[] = [];
    let first: string | null = null;
    for (let i = 0; i < 10_000; i++) {
      first = keyBetween(null, first);
      prepended.unshift(first);
    }
    expect(inOrder(prepended)).toBe(true);
    expect(Math.max(...prepended.map((k) => k.length))).toBeLessThanOrEqual(4);
  });

  it('always finds a key between two neighbours, even 1,000 times into the same gap', () => {
    let low = 'a0';
    const high = 'a1';
    const keys = [low];
    for (let i = 0; i < 1000; i++) {
      const key = keyBetween(low, high);
      expect(key > low && key < high).toBe(true);
      expect(isRankKey(key)).toBe(true);
      keys.push(key);
      low = key;
    }
    expect(inOrder(keys)).toBe(true);
    // Each step halves the gap: about six steps per base-62 digit.
    expect(low.length).toBeLessThan(1000 / 4);
  });

  it('random insertions keep a strict order and valid keys', () => {
    const pick = lcg(42);
    const list: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const at = pick(list.length + 1);
      const key = keyBetween(list[at - 1] ?? null, list[at] ?? null);
      expect(isRankKey(key)).toBe(true);
      list.splice(at, 0, key);
    }
    expect(inOrder(list)).toBe(true);
    expect(new Set(list).size).toBe(list.length);
  });

  it('makes many keys in a gap at once, in order', () => {
    const keys = keysBetween('a0', 'a1', 500);
    expect(keys).toHaveLength(500);
    expect(inOrder(['a0', ...keys, 'a1'])).toBe(true);
    expect(Math.max(...keys.map((k) => k.length))).toBeLessThanOrEqual(6);
    expect(inOrder(keysBetween(null, 'a0', 50).concat('a0'))).toBe(true);
  });

  it('matches the keys the migration writes (d and four digits)', () => {
    expect(keyBetween('d0001', 'd0002')).toBe('d0001V');
    expect(keyBetween(null, 'd0001')).toBe('d0000');
    expect(keyBetween(null, 'd0000')).toBe('czzz');
  });
});
