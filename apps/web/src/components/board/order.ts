/** Card keys by column id, in display order: the board's model of where every card is. */
export type BoardOrder = Readonly<Record<string, readonly string[]>>;

/** The card keys of a column (none for a column the order does not know). */
export const idsIn = (order: BoardOrder, columnId: string): readonly string[] => order[columnId] ?? [];

/** Where a card is or goes: its column and its 0-based index there (counting the card itself). */
export interface BoardPosition {
  columnId: string;
  index: number;
}

/** The column holding `cardId`, and its index there; null when the card is on no column. */
export function positionOf(order: BoardOrder, cardId: string): BoardPosition | null {
  for (const [columnId, ids] of Object.entries(order)) {
    const index = ids.indexOf(cardId);
    if (index >= 0) return { columnId, index };
  }
  return null;
}

/**
 * `order` with `cardId` taken out of its column and put at `to` (the index clamped to the column).
 * Columns the card neither leaves nor enters keep their arrays, so their views need not re-render.
 */
export function placed(order: BoardOrder, cardId: string, to: BoardPosition): BoardOrder {
  const from = positionOf(order, cardId);
  if (!from || !(to.columnId in order)) return order;
  if (from.columnId === to.columnId && from.index === to.index) return order;
  const next: Record<string, readonly string[]> = { ...order };
  next[from.columnId] = idsIn(order, from.columnId).filter((id) => id !== cardId);
  const target = [...idsIn(next, to.columnId)];
  target.splice(Math.max(0, Math.min(to.index, target.length)), 0, cardId);
  next[to.columnId] = target;
  return next;
}

/** The neighbours of `cardId` at `to` once moved: the card before it and the card after it. */
export function neighboursAt(order: BoardOrder, cardId: string, to: BoardPosition) {
  const others = idsIn(order, to.columnId).filter((id) => id !== cardId);
  return { afterId: others[to.index - 1] ?? null, beforeId: others[to.index] ?? null };
}
