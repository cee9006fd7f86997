import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { taskInput } from '../src/tasks';
import {
  englishFieldMessage,
  fieldErrorCodes,
  fieldErrorOf,
  fieldErrorText,
  fieldErrorTexts,
} from '../src/validation';

/** Parameters that every text may name, so that a text reading one it was not given shows it. */
const params = { min: 3, max: 200, step: 0.5, values: 'High, Low', fields: 'colour', expected: 'number' };
const raw = /undefined|NaN|\[object|Invalid input|\$\{/;

describe('field error texts', () => {
  it('every code has an English and a French text, different and without a placeholder left', () => {
    for (const code of fieldErrorCodes) {
      const english = fieldErrorText({ code, params }, 'en');
      const french = fieldErrorText({ code, params }, 'fr');
      expect(english, code).not.toMatch(raw);
      expect(french, code).not.toMatch(raw);
      expect(english.length, code).toBeGreaterThan(3);
      expect(french, code).not.toBe(english);
    }
    expect(Object.keys(fieldErrorTexts.en).sort()).toEqual([...fieldErrorCodes].sort());
    expect(Object.keys(fieldErrorTexts.fr).sort()).toEqual([...fieldErrorCodes].sort());
  });

  it('writes bounds as numbers of the language', () => {
    expect(fieldErrorText({ code: 'tooLong', params: { max: 5000 } }, 'en')).toBe(
      'Too long (at most 5,000 characters)',
    );
    expect(fieldErrorText({ code: 'tooLong', params: { max: 5000 } }, 'fr')).toMatch(/^Trop long \(5\s000/);
  });
});

describe('the code of an issue', () => {
  const codesOf = (schema: z.ZodMiniType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) return [];
    return result.error.issues.map((issue) => {
      const present = issue.path.reduce<unknown>(
        (at, key) => (at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined),
        value,
      );
      return [issue.path.join('.'), fieldErrorOf(issue, present !== undefined)];
    });
  };

  it('a missing, an empty and an overlong task, a wrong status and a date that is none', () => {
    expect(Object.fromEntries(codesOf(taskInput, {}))).toEqual({ task: { code: 'required' } });
    expect(Object.fromEntries(codesOf(taskInput, { task: '  ' }))).toEqual({ task: { code: 'required' } });
    expect(
      Object.fromEntries(
        codesOf(taskInput, {
          task: 'x'.repeat(201),
          status: 'Later',
          dueDate: '31/12/2026',
          assigneeIds: [1],
        }),
      ),
    ).toEqual({
      task: { code: 'tooLong', params: { max: 200 } },
      status: { code: 'oneOf', params: { values: 'New, Pending, Inprogress, Completed' } },
      dueDate: { code: 'date' },
      'assigneeIds.0': { code: 'wrongType', params: { expected: 'text' } },
    });
  });

  it('numbers, lists, e-mail addresses and refinements that name their code', () => {
    const schema = z.object({
      n: z.number().check(z.int(), z.minimum(1), z.maximum(9)),
      list: z.array(z.string()).check(z.minLength(1), z.maxLength(2)),
      mail: z.email(),
      zone: z.string().check(z.refine(() => false, { params: { code: 'timeZone' } })),
    });
    const codes = (value: unknown) => Object.fromEntries(codesOf(schema, value)) as Record<string, unknown>;
    const found = codes({ n: 0, list: [], mail: 'nope', zone: 'Mars/Base' });
    expect(found).toEqual({
      n: { code: 'tooSmall', params: { min: 1 } },
      list: { code: 'tooFew', params: { min: 1 } },
      mail: { code: 'email' },
      zone: { code: 'timeZone', params: {} },
    });
    expect(codes({ n: 2.5, list: ['a', 'b', 'c'], mail: 'a@b.co', zone: 'x' }).n).toEqual({
      code: 'wrongType',
      params: { expected: 'wholeNumber' },
    });
  });

  it("the error map's English replaces zod's", () => {
    const result = z.object({ name: z.string() }).safeParse({}, { error: englishFieldMessage });
    expect(result.error?.issues[0]?.message).toBe('Required');
  });
});
