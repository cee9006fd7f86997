import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { getEventCoordinates, useCombinedRefs } from '@dnd-kit/utilities';
import { Title } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  type KeyboardEvent,
  memo,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import classes from './Board.module.css';
import { type BoardOrder, type BoardPosition, idsIn, neighboursAt, placed, positionOf } from './order';

export interface BoardColumn<C> {
  id: string;
  /** Plain text: the column's heading and its name in screen-reader announcements. */
  label: string;
  /** More header content beside the heading: a count badge, a total, a menu. */
  header?: ReactNode;
  /** The column's cards, in order. */
  cards: C[];
  /** Under the cards: "show more", "add a card". */
  footer?: ReactNode;
  /** More cards to fetch: `onLoadMore` is called when the column is scrolled near its end. */
  hasMore?: boolean;
  onLoadMore?: () => void;
  /** Shown in place of the cards when the column has none. */
  empty?: ReactNode;
}

/** A card dropped somewhere else: `index` in the target column, and its neighbours there (the moved card excluded). */
export interface BoardMove {
  cardId: string;
  fromColumnId: string;
  toColumnId: string;
  index: number;
  afterId: string | null;
  beforeId: string | null;
}

export interface BoardCardState {
  /** The card is being moved: its place in the column while the pointer drags its overlay elsewhere. */
  dragging: boolean;
  /** The card as it is carried: under the pointer, or lifted in place by the keyboard. */
  overlay: boolean;
}

export interface BoardProps<C> {
  columns: BoardColumn<C>[];
  cardKey: (card: C) => string;
  /** Plain text naming a card in announcements ("Picked up …"). */
  cardLabel: (card: C) => string;
  /**
   * A card's content; the board draws its frame and drag handle. Keep it stable (useCallback): the
   * cards are memoized on it, so that a drag re-renders none but the moved one.
   */
  renderCard: (card: C, state: BoardCardState) => ReactNode;
  /**
   * Called once per drop at a new place. Undefined: a read-only board (no handles, no dragging).
   * The board shows the move until `columns` change; a returned promise that rejects undoes it.
   */
  onMove?: (move: BoardMove) => unknown;
  /** Whether a card may go to a column (its own column is always allowed: a way back). */
  canDrop?: (card: C, toColumnId: string) => boolean;
  /**
   * False: the owner orders the cards (by a date, say): a card moves between columns only, and a
   * drop in its own column puts it back where it was (no onMove). True by default.
   */
  reorderable?: boolean;
  ariaLabel: string;
  /** Column width in px on screens wider than a phone (280 by default). */
  columnWidth?: number;
  /** A card's height in px before it is measured (96 by default). */
  estimateCardHeight?: number;
}

/** Droppable ids: a card's key or a column's id, told apart by their prefix. */
const CARD = 'card:';
const COLUMN = 'column:';
/** Space between cards in px (the virtualizer places them, so not CSS gap). */
const CARD_GAP = 8;

interface Drag {
  cardId: string;
  from: BoardPosition;
  to: BoardPosition;
  mode: 'pointer' | 'keyboard';
}

/** Pointer drags by mouse and pen only: touch goes to the TouchSensor, whose press delay leaves a swipe to scroll. */
class MousePointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent }: ReactPointerEvent) =>
        nativeEvent.isPrimary && nativeEvent.button === 0 && nativeEvent.pointerType !== 'touch',
    },
  ];
}

/** Cards under the pointer first; else the column under it (an empty column, the gap below the cards). */
const cardsFirst: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const cards = hits.filter((hit) => String(hit.id).startsWith(CARD));
  return cards.length > 0 ? cards : hits;
};

/**
 * A board of columns of cards (a kanban, a pipeline). Cards move by dragging them (mouse, pen, or a
 * long press on touch screens) or from their handle by keyboard: space or enter picks the card up,
 * arrows move it (up and down in the column, left and right across columns), space or enter drops it,
 * escape puts it back; every step is announced to screen readers. Columns are virtualized: each
 * scrolls on its own and renders the cards in sight (and the one being moved).
 */
export function Board<C>({
  columns,
  cardKey,
  cardLabel,
  renderCard,
  onMove,
  canDrop,
  reorderable = true,
  ariaLabel,
  columnWidth = 280,
  estimateCardHeight = 96,
}: BoardProps<C>) {
  const { t } = useTranslation('common');
  const instructionsId = useId();
  const readOnly = !onMove;

  const cards = useMemo(() => {
    const byKey = new Map<string, C>();
    for (const column of columns) for (const card of column.cards) byKey.set(cardKey(card), card);
    return byKey;
  }, [columns, cardKey]);
  const given = useMemo<BoardOrder>(
    () => Object.fromEntries(columns.map((column) => [column.id, column.cards.map(cardKey)])),
    [columns, cardKey],
  );
  // The order after a drop, shown until the columns given change (by content, not identity).
  const signature = useMemo(
    () =>
      columns.map((column) => `${column.id}\u0000${idsIn(given, column.id).join('\u0000')}`).join('\u0001'),
    [columns, given],
  );
  const [optimistic, setOptimistic] = useState<{ signature: string; order: BoardOrder } | null>(null);
  const base = optimistic?.signature === signature ? optimistic.order : given;
  const [drag, setDrag] = useState<Drag | null>(null);
  const order = useMemo(() => (drag ? placed(base, drag.cardId, drag.to) : base), [base, drag]);

  const [announcement, setAnnouncement] = useState('');
  // A repeated text would not be read again: alternate a trailing no-break space.
  const announce = (text: string) =>
    setAnnouncement((current) => (current === text ? `${text}\u00a0` : text));
  const columnLabel = (columnId: string) =>
    columns.find((column) => column.id === columnId)?.label ?? columnId;
  const labelOf = (cardId: string) => {
    const card = cards.get(cardId);
    return card === undefined ? cardId : cardLabel(card);
  };
  const describe = (cardId: string, at: BoardPosition, within: BoardOrder) =>
    t('board.position', {
      card: labelOf(cardId),
      column: columnLabel(at.columnId),
      position: at.index + 1,
      count: idsIn(within, at.columnId).length,
    });
  const allowed = (cardId: string, columnId: string, from: BoardPosition) => {
    if (columnId === from.columnId) return true;
    const card = cards.get(cardId);
    return card !== undefined && (canDrop?.(card, columnId) ?? true);
  };

  // After a keyboard step, drop or cancel, the card's handle has the focus back: the card is often a
  // new element (in another column, or re-rendered by the virtualizer), which takes it once rendered.
  const pendingFocus = useRef<string | null>(null);

  const end = (current: Drag, dropped: boolean) => {
    setDrag(null);
    if (current.mode === 'keyboard') pendingFocus.current = current.cardId;
    const moved = current.to.columnId !== current.from.columnId || current.to.index !== current.from.index;
    // The card may have left the columns meanwhile (deleted, filtered out by a refetch).
    if (!dropped || !moved || !onMove || !cards.has(current.cardId)) {
      const text = describe(current.cardId, current.from, base);
      announce(dropped ? t('board.dropped', { text }) : t('board.cancelled', { text }));
      return;
    }
    const next = placed(base, current.cardId, current.to);
    setOptimistic({ signature, order: next });
    announce(t('board.dropped', { text: describe(current.cardId, current.to, next) }));
    const result = onMove({
      cardId: current.cardId,
      fromColumnId: current.from.columnId,
      toColumnId: current.to.columnId,
      index: current.to.index,
      ...neighboursAt(next, current.cardId, current.to),
    });
    if (result instanceof Promise) {
      result.catch(() => setOptimistic((shown) => (shown?.order === next ? null : shown)));
    }
  };

  const keyboardStep = (current: Drag, to: BoardPosition) => {
    pendingFocus.current = current.cardId;
    announce(describe(current.cardId, to, placed(base, current.cardId, to)));
    if (to.columnId !== current.to.columnId || to.index !== current.to.index) setDrag({ ...current, to });
  };

  const onHandleKey = (cardId: string, event: KeyboardEvent) => {
    const pickKey = event.key === ' ' || event.key === 'Enter';
    if (!drag) {
      if (!pickKey) return;
      event.preventDefault();
      const from = positionOf(order, cardId);
      if (!from) return;
      setDrag({ cardId, from, to: from, mode: 'keyboard' });
      pendingFocus.current = cardId;
      announce(`${t('board.pickedUp', { card: labelOf(cardId) })} ${describe(cardId, from, order)}`);
      return;
    }
    if (drag.cardId !== cardId || drag.mode !== 'keyboard') return;
    if (pickKey || event.key === 'Escape') {
      event.preventDefault();
      end(drag, pickKey);
      return;
    }
    if (event.key === 'Tab') {
      end(drag, false);
      pendingFocus.current = null; // the focus goes on to where Tab takes it
      return;
    }
    const vertical = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    const horizontal = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (!vertical && !horizontal) return;
    event.preventDefault();
    const { to, from } = drag;
    if (vertical) {
      const last = idsIn(order, to.columnId).length - 1;
      const index = !reorderable && to.columnId === from.columnId ? from.index : to.index + vertical;
      keyboardStep(drag, { columnId: to.columnId, index: Math.max(0, Math.min(last, index)) });
      return;
    }
    const ids = columns.map((column) => column.id);
    let target = ids.indexOf(to.columnId) + horizontal;
    let columnId = ids[target];
    while (columnId !== undefined && !allowed(cardId, columnId, from)) {
      target += horizontal;
      columnId = ids[target];
    }
    if (columnId === undefined) {
      keyboardStep(drag, to);
      return;
    }
    const index =
      !reorderable && columnId === from.columnId
        ? from.index
        : Math.min(to.index, idsIn(order, columnId).length);
    keyboardStep(drag, { columnId, index });
  };
  // The cards are memoized: they get one stable function that calls this render's handler.
  const keyHandler = useRef(onHandleKey);
  useLayoutEffect(() => {
    keyHandler.current = onHandleKey;
  });
  const onCardKey = useCallback(
    (cardId: string, event: KeyboardEvent) => keyHandler.current(cardId, event),
    [],
  );
  // A click anywhere while a card is carried by keyboard puts it back (the keys went elsewhere).
  const cancelKeyboardDrag = useRef(() => {});
  useLayoutEffect(() => {
    cancelKeyboardDrag.current = () => {
      if (drag?.mode !== 'keyboard') return;
      end(drag, false);
      pendingFocus.current = null;
    };
  });
  const carriedByKeyboard = drag?.mode === 'keyboard';
  useEffect(() => {
    if (!carriedByKeyboard) return;
    const cancel = () => cancelKeyboardDrag.current();
    document.addEventListener('pointerdown', cancel, true);
    return () => document.removeEventListener('pointerdown', cancel, true);
  }, [carriedByKeyboard]);

  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on a card's link stays a click.
    useSensor(MousePointerSensor, { activationConstraint: { distance: 6 } }),
    // A press held still for a moment picks a card up; a swipe scrolls the page or the column.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
  );

  const onDragStart = ({ active }: DragStartEvent) => {
    const cardId = String(active.id).slice(CARD.length);
    const from = positionOf(order, cardId);
    if (!from || drag) return;
    setDrag({ cardId, from, to: from, mode: 'pointer' });
    announce(`${t('board.pickedUp', { card: labelOf(cardId) })} ${describe(cardId, from, order)}`);
  };
  const onDragMove = ({ over, delta, activatorEvent }: DragMoveEvent) => {
    if (drag?.mode !== 'pointer' || !over) return;
    const overId = String(over.id);
    let to: BoardPosition;
    if (overId.startsWith(CARD)) {
      const overCard = overId.slice(CARD.length);
      if (overCard === drag.cardId) return;
      const at = positionOf(order, overCard);
      if (!at) return;
      const others = idsIn(order, at.columnId).filter((id) => id !== drag.cardId);
      // Before the card under the pointer, or after it once the pointer is past its middle.
      const pointerY = (getEventCoordinates(activatorEvent)?.y ?? 0) + delta.y;
      const after = pointerY > over.rect.top + over.rect.height / 2;
      to = { columnId: at.columnId, index: others.indexOf(overCard) + (after ? 1 : 0) };
    } else {
      const columnId = overId.slice(COLUMN.length);
      if (columnId === drag.to.columnId || !(columnId in order)) return;
      to = { columnId, index: idsIn(order, columnId).length };
    }
    if (!reorderable && to.columnId === drag.from.columnId) to = drag.from;
    if (!allowed(drag.cardId, to.columnId, drag.from)) return;
    if (to.columnId === drag.to.columnId && to.index === drag.to.index) return;
    setDrag({ ...drag, to });
    if (to.columnId !== drag.to.columnId) announce(describe(drag.cardId, to, placed(base, drag.cardId, to)));
  };
  const onDragEnd = ({ over }: DragEndEvent) => {
    if (drag?.mode !== 'pointer') return;
    // Dropped over nothing, or over a column that refuses the card: it goes back.
    const overId = over === null ? '' : String(over.id);
    const overColumn = overId.startsWith(CARD)
      ? positionOf(order, overId.slice(CARD.length))?.columnId
      : overId.slice(COLUMN.length);
    end(drag, overColumn !== undefined && overColumn in order && allowed(drag.cardId, overColumn, drag.from));
  };
  const onDragCancel = () => {
    if (drag?.mode === 'pointer') end(drag, false);
  };

  const carried = drag?.mode === 'pointer' ? cards.get(drag.cardId) : undefined;
  const style = { '--board-column-width': `${columnWidth}px` } as CSSProperties;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={cardsFirst}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{ announcements: silent, screenReaderInstructions: { draggable: '' } }}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragOver={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <section className={classes.board} style={style} aria-label={ariaLabel}>
        {columns.map((column) => (
          <ColumnView
            key={column.id}
            column={column}
            cardIds={order[column.id] ?? []}
            cards={cards}
            cardLabel={cardLabel}
            renderCard={renderCard}
            readOnly={readOnly}
            draggingId={drag?.cardId ?? null}
            dragMode={drag?.mode ?? null}
            target={drag?.to.columnId === column.id}
            estimateCardHeight={estimateCardHeight}
            instructionsId={instructionsId}
            onCardKey={onCardKey}
            focusRequest={pendingFocus}
          />
        ))}
      </section>
      {readOnly ? null : (
        <div id={instructionsId} hidden>
          {t('board.instructions')}
        </div>
      )}
      <div className={classes.liveRegion} aria-live="assertive" aria-atomic="true">
        {announcement}
      </div>
      {createPortal(
        <DragOverlay>
          {carried === undefined ? null : (
            <div className={classes.card} data-overlay="">
              <span className={classes.handle} aria-hidden="true">
                <IconGripVertical size={16} />
              </span>
              <div className={classes.content}>{renderCard(carried, { dragging: true, overlay: true })}</div>
            </div>
          )}
        </DragOverlay>,
        document.body,
      )}
    </DndContext>
  );
}

/** dnd-kit's own announcements stay silent: the board says its own (positions, columns, in the user's language). */
const silent = {
  onDragStart: () => undefined,
  onDragOver: () => undefined,
  onDragEnd: () => undefined,
  onDragCancel: () => undefined,
};

interface ColumnViewProps<C> {
  column: BoardColumn<C>;
  cardIds: readonly string[];
  cards: Map<string, C>;
  cardLabel: (card: C) => string;
  renderCard: BoardProps<C>['renderCard'];
  readOnly: boolean;
  draggingId: string | null;
  dragMode: Drag['mode'] | null;
  target: boolean;
  estimateCardHeight: number;
  instructionsId: string;
  onCardKey: (cardId: string, event: KeyboardEvent) => void;
  focusRequest: RefObject<string | null>;
}

/** A column: a region with its heading, and its cards in a list that scrolls and renders what is in sight. */
const ColumnView = memo(function ColumnView<C>({
  column,
  cardIds,
  cards,
  cardLabel,
  renderCard,
  readOnly,
  draggingId,
  dragMode,
  target,
  estimateCardHeight,
  instructionsId,
  onCardKey,
  focusRequest,
}: ColumnViewProps<C>) {
  const headingId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { setNodeRef } = useDroppable({ id: `${COLUMN}${column.id}`, disabled: readOnly });
  // The moved card stays rendered wherever the column is scrolled: dnd-kit and the focus need its node.
  const pinned = draggingId === null ? -1 : cardIds.indexOf(draggingId);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (pinned < 0 || indexes.includes(pinned)) return indexes;
      return [...indexes, pinned].sort((a, b) => a - b);
    },
    [pinned],
  );
  const virtualizer = useVirtualizer({
    count: cardIds.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateCardHeight,
    getItemKey: (index) => cardIds[index] ?? index,
    gap: CARD_GAP,
    // A card scrolled into view keeps its carried outline in sight.
    scrollPaddingStart: CARD_GAP,
    scrollPaddingEnd: CARD_GAP,
    overscan: 6,
    rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();

  // A keyboard step scrolls the card's new place into view.
  const keyboardIndex = dragMode === 'keyboard' ? pinned : -1;
  useLayoutEffect(() => {
    if (keyboardIndex >= 0) virtualizer.scrollToIndex(keyboardIndex, { align: 'auto' });
  }, [keyboardIndex, virtualizer]);

  // Near the end of what is loaded: ask for more.
  const lastShown = items.at(-1)?.index ?? -1;
  const { hasMore, onLoadMore } = column;
  const asked = useRef(-1);
  useLayoutEffect(() => {
    if (!hasMore || !onLoadMore || cardIds.length === 0) return;
    if (lastShown >= cardIds.length - 5 && asked.current !== cardIds.length) {
      asked.current = cardIds.length;
      onLoadMore();
    }
  }, [hasMore, onLoadMore, lastShown, cardIds.length]);

  return (
    <section
      ref={setNodeRef}
      className={classes.column}
      aria-labelledby={headingId}
      data-drop-target={target ? '' : undefined}
    >
      <div className={classes.header}>
        <Title order={2} size="h5" id={headingId} className={classes.title}>
          {column.label}
        </Title>
        {column.header}
      </div>
      <div ref={scrollRef} className={classes.scroller}>
        {cardIds.length === 0 ? <div className={classes.empty}>{column.empty}</div> : null}
        <ul className={classes.list} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const cardId = cardIds[item.index];
            const card = cardId === undefined ? undefined : cards.get(cardId);
            if (cardId === undefined || card === undefined) return null;
            return (
              <CardSlot
                key={cardId}
                cardId={cardId}
                card={card}
                label={cardLabel(card)}
                index={item.index}
                count={cardIds.length}
                start={item.start}
                measure={virtualizer.measureElement}
                renderCard={renderCard}
                readOnly={readOnly}
                dragging={cardId === draggingId && dragMode === 'pointer'}
                lifted={cardId === draggingId && dragMode === 'keyboard'}
                instructionsId={instructionsId}
                onCardKey={onCardKey}
                focusRequest={focusRequest}
              />
            );
          })}
        </ul>
      </div>
      {column.footer ? <div className={classes.footer}>{column.footer}</div> : null}
    </section>
  );
}) as <C>(props: ColumnViewProps<C>) => ReactNode;

interface CardSlotProps<C> {
  cardId: string;
  card: C;
  label: string;
  index: number;
  count: number;
  start: number;
  measure: (node: Element | null) => void;
  renderCard: BoardProps<C>['renderCard'];
  readOnly: boolean;
  dragging: boolean;
  lifted: boolean;
  instructionsId: string;
  onCardKey: (cardId: string, event: KeyboardEvent) => void;
  /** The card whose handle takes the focus once rendered (after a keyboard step, drop or cancel). */
  focusRequest: RefObject<string | null>;
}

/** A card in its list: placed by the virtualizer, draggable by pointer and touch, with its handle for the keyboard. */
const CardSlot = memo(function CardSlot<C>({
  cardId,
  card,
  label,
  index,
  count,
  start,
  measure,
  renderCard,
  readOnly,
  dragging,
  lifted,
  instructionsId,
  onCardKey,
  focusRequest,
}: CardSlotProps<C>) {
  const { t } = useTranslation('common');
  const id = `${CARD}${cardId}`;
  const draggable = useDraggable({ id, disabled: readOnly });
  const droppable = useDroppable({ id, disabled: readOnly });
  const ref = useCombinedRefs(measure, draggable.setNodeRef, droppable.setNodeRef);
  const handleRef = useRef<HTMLElement | null>(null);
  const keepHandle = useCallback((node: HTMLElement | null) => {
    handleRef.current = node;
  }, []);
  const handleRefs = useCombinedRefs(keepHandle, draggable.setActivatorNodeRef);
  useLayoutEffect(() => {
    if (focusRequest.current !== cardId) return;
    focusRequest.current = null;
    // Scrolled into view too: the board sideways to another column, the column to the card.
    handleRef.current?.focus();
  });
  return (
    <li
      ref={ref}
      data-index={index}
      aria-setsize={count}
      aria-posinset={index + 1}
      className={classes.slot}
      style={{ transform: `translateY(${start}px)` }}
      {...(readOnly ? {} : draggable.listeners)}
    >
      <div
        className={classes.card}
        data-dragging={dragging ? '' : undefined}
        data-overlay={lifted ? '' : undefined}
      >
        {readOnly ? null : (
          <button
            type="button"
            ref={handleRefs}
            className={classes.handle}
            data-board-handle={cardId}
            aria-label={t('board.handle', { card: label })}
            aria-roledescription={t('board.roleDescription')}
            aria-describedby={instructionsId}
            aria-pressed={lifted}
            onKeyDown={(event) => onCardKey(cardId, event)}
          >
            <IconGripVertical size={16} aria-hidden="true" />
          </button>
        )}
        <div className={classes.content}>
          <CardContent card={card} renderCard={renderCard} dragging={dragging} overlay={lifted} />
        </div>
      </div>
    </li>
  );
}) as <C>(props: CardSlotProps<C>) => ReactNode;

/** The owner's rendering of a card, redone only when the card or its state changes. */
const CardContent = memo(function CardContent<C>({
  card,
  renderCard,
  dragging,
  overlay,
}: {
  card: C;
  renderCard: BoardProps<C>['renderCard'];
  dragging: boolean;
  overlay: boolean;
}) {
  return renderCard(card, { dragging, overlay });
}) as <C>(props: {
  card: C;
  renderCard: BoardProps<C>['renderCard'];
  dragging: boolean;
  overlay: boolean;
}) => ReactNode;
