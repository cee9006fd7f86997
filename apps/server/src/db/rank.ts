import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The values as SQL string literals, separated by commas: for CHECK (x in (...)) and the
 * expressions below. Literals, not parameters: index and constraint definitions need constants.
 */
export function textLiterals(values: readonly string[]): SQL {
  return sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));
}

/**
 * The position of a text column's value among the values of its enum (1, 2, ...), for ordering by
 * meaning rather than alphabet (High before Medium before Low). An index on the same expression
 * serves the ordering.
 */
export function rankOf(column: SQLWrapper, values: readonly string[]): SQL<number> {
  return sql<number>`array_position(ARRAY[${textLiterals(values)}]::text[], ${column})`;
}

/**
 * A priority's rank from the lowest up (Low < Medium < High): the contracts list priorities from
 * the highest down, so an ascending list starts with the least urgent, as a user reads "ascending".
 */
export function priorityRankOf(column: SQLWrapper, highestFirst: readonly string[]): SQL<number> {
  return rankOf(column, [...highestFirst].reverse());
}
