import { describe, expect, it } from 'vitest';
import { divideHalfUp, fromScaled, plainDecimal, toScaled } from '../src/decimal';
import { invoiceTotals } from '../src/invoices';
import { initialsOf } from '../src/team';
import { todoStatusOf } from '../src/todos';

describe('exact decimals', () => {
  it('reads and writes scaled integers', () => {
    expect(toScaled('19.99', 2)).toBe(1999n);
    expect(toScaled('3', 3)).toBe(3000n);
    expect(toScaled('.5', 2)).toBe(50n);
    expect(toScaled('-1.2', 2)).toBe(-120n);
    expect(() => toScaled('1.234', 2)).toThrow(RangeError);
    expect(() => toScaled('abc', 2)).toThrow(RangeError);
    expect(() => toScaled('.', 2)).toThrow(RangeError);
    expect(fromScaled(5997n, 2)).toBe('59.97');
    expect(fromScaled(5n, 2)).toBe('0.05');
    expect(fromScaled(-5n, 2)).toBe('-0.05');
    expect(fromScaled(3000n, 3, true)).toBe('3');
    expect(plainDecimal('7.250', 3)).toBe('7.25');
  });

  it('rounds halves away from zero', () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n);
    expect(divideHalfUp(4n, 10n)).toBe(0n);
    expect(divideHalfUp(15n, 10n)).toBe(2n);
    expect(divideHalfUp(25n, 10n)).toBe(3n);
    expect(divideHalfUp(-25n, 10n)).toBe(-3n);
    expect(() => divideHalfUp(1n, 0n)).toThrow(RangeError);
  });

  it('computes invoice totals as the server stores them', () => {
    expect(
      invoiceTotals({
        lines: [{ quantity: '3', unitPrice: '19.99' }],
        taxRate: '7.25',
        discount: '0',
        shipping: '0',
      }),
    ).toEqual({
      lines: ['59.97'],
      subtotal: '59.97',
      discount: '0.00',
      tax: '4.35',
      shipping: '0.00',
      total: '64.32',
    });
    expect(
      invoiceTotals({
        lines: [
          { quantity: '0.1', unitPrice: '0.10' },
          { quantity: '2.5', unitPrice: '0.03' },
        ],
        taxRate: '20',
        discount: '0.01',
        shipping: '1',
      }),
    ).toEqual({
      lines: ['0.01', '0.08'],
      subtotal: '0.09',
      discount: '0.01',
      tax: '0.02',
      shipping: '1.00',
      total: '1.10',
    });
  });
});

describe('small rules of the team and to-do contracts', () => {
  it('initials', () => {
    expect(initialsOf('Amara Okafor')).toBe('AO');
    expect(initialsOf('  jean  paul  sartre ')).toBe('JS');
    expect(initialsOf('Priya')).toBe('PR');
    expect(initialsOf('')).toBe('');
  });

  it('the check box of a todo', () => {
    expect(todoStatusOf({ status: 'New', done: true })).toBe('Completed');
    expect(todoStatusOf({ status: 'Completed', done: false })).toBe('Pending');
    expect(todoStatusOf({ status: 'Inprogress', done: false })).toBe('Inprogress');
    expect(todoStatusOf({ status: 'Inprogress' })).toBe('Inprogress');
  });
});
