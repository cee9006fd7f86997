import type { CodeLevel, CodeRecord, CodeRef } from '@ledgerdesk/contracts';
import { ActionIcon, Alert, Badge, Button, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconChevronRight, IconPlus, IconRefresh } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../lib/format';
import { rowsOf, useChildren } from './api';
import { codeLabel, LEVELS, levelLabel, toRef } from './levels';
import classes from './library.module.css';

const optionId = (id: string) => `code-option-${id}`;

function focusOption(id: string | null | undefined) {
  if (id) document.getElementById(optionId(id))?.focus();
}

interface ColumnProps {
  level: CodeLevel;
  /** The code whose codes this column lists: null for L1; undefined while none is chosen. */
  parent: CodeRef | null | undefined;
  /** The path from L1 to the open code. */
  path: CodeRef[];
  /** Asked to take the focus once the codes of this parent are shown (after →). */
  focusRequest: string | null;
  onFocusTaken: () => void;
  onOpen: (record: CodeRecord, path: CodeRef[], focusNext: boolean) => void;
  onAdd?: (level: CodeLevel, parent: CodeRef | null) => void;
}

function CodeColumn({ level, parent, path, focusRequest, onFocusTaken, onOpen, onAdd }: ColumnProps) {
  const { t } = useTranslation('library');
  const children = useChildren(level, parent === undefined ? undefined : (parent?.id ?? null));
  const rows = rowsOf(children.data);
  const firstPage = children.data?.pages[0];
  const count = firstPage?.count;
  // "1,000+": past the cap the count does not say how many are left.
  const capped = Boolean(firstPage?.countCapped);
  const selectedId = path[level - 1]?.id;
  const [active, setActive] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const headingId = `code-column-${level}`;

  // One option of the column is reached with Tab: the last one focused, else the open one, else the first.
  const tabStop =
    (active && rows.some((row) => row.id === active) && active) ||
    (selectedId && rows.some((row) => row.id === selectedId) && selectedId) ||
    rows[0]?.id;

  // After →: once this column lists the codes of the code just opened, the focus moves into it.
  const ready = focusRequest !== null && parent?.id === focusRequest && !children.isPending;
  useEffect(() => {
    if (!ready) return;
    if (rows.length > 0) focusOption(tabStop);
    onFocusTaken();
  }, [ready, rows.length, tabStop, onFocusTaken]);

  const prefix = path.slice(0, level - 1);
  const open = (record: CodeRecord, focusNext = false) =>
    onOpen(record, [...prefix, toRef(record)], focusNext);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, record: CodeRecord, index: number) => {
    const move = (to: number) => {
      const target = rows[Math.max(0, Math.min(rows.length - 1, to))];
      if (target) focusOption(target.id);
    };
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(rows.length - 1);
        break;
      case 'PageDown':
        move(index + 10);
        break;
      case 'PageUp':
        move(index - 10);
        break;
      case 'ArrowRight':
        if (level === 4) return;
        open(record, true);
        break;
      case 'ArrowLeft':
        if (level === 1) return;
        focusOption(path[level - 2]?.id);
        break;
      case 'Enter':
      case ' ':
        open(record);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  let body: ReactNode;
  if (parent === undefined) {
    body = (
      <Text size="sm" c="dimmed" className={classes.placeholder}>
        {t('columns.openAbove', { above: levelLabel(level - 1), level: levelLabel(level) })}
      </Text>
    );
  } else if (children.isPending) {
    body = (
      <Stack gap={10} p="sm" aria-hidden="true">
        {[80, 65, 72, 58].map((width) => (
          <Stack key={width} gap={6}>
            <Skeleton height={12} width={`${width}%`} />
            <Skeleton height={10} width="40%" />
          </Stack>
        ))}
      </Stack>
    );
  } else if (children.isError) {
    body = (
      <Alert
        m="sm"
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertCircle aria-hidden="true" />}
        title={t('common:errors.fetchFailed')}
      >
        <Button
          size="xs"
          variant="default"
          mt={4}
          onClick={() => void children.refetch()}
          leftSection={<IconRefresh size={14} aria-hidden="true" />}
        >
          {t('common:actions.tryAgain')}
        </Button>
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <Stack align="center" gap="xs" className={classes.placeholder}>
        <Text size="sm" c="dimmed">
          {parent
            ? t('columns.emptyUnder', { level: levelLabel(level), parent: parent.codeComb })
            : t('columns.empty')}
        </Text>
        {onAdd ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => onAdd(level, parent)}
          >
            {t('addCode', { level: levelLabel(level) })}
          </Button>
        ) : null}
      </Stack>
    );
  } else {
    body = (
      <>
        <div
          ref={listRef}
          role="listbox"
          aria-labelledby={headingId}
          aria-orientation="vertical"
          className={classes.listbox}
        >
          {rows.map((record, index) => {
            const selected = record.id === selectedId;
            return (
              <div
                key={record.id}
                id={optionId(record.id)}
                role="option"
                aria-selected={selected}
                tabIndex={record.id === tabStop ? 0 : -1}
                className={classes.option}
                data-inactive={record.isActive ? undefined : true}
                onClick={() => open(record)}
                onFocus={() => setActive(record.id)}
                onKeyDown={(event) => onKeyDown(event, record, index)}
              >
                <div className={classes.optionMain}>
                  <div className={classes.optionTitle}>
                    <span className={classes.code}>{record.codeComb}</span>
                    <span className={classes.description} title={record.description}>
                      {record.description}
                    </span>
                  </div>
                  <Group gap={6} wrap="nowrap" className={classes.optionMeta}>
                    <span>{formatMoney(record.total)}</span>
                    {level < 4 ? <span>· {t('codeCount', { count: record.childCount })}</span> : null}
                    {record.isActive ? null : (
                      <Badge size="xs" color="gray" variant="light">
                        {t('inactive')}
                      </Badge>
                    )}
                  </Group>
                </div>
                {level < 4 ? (
                  <IconChevronRight size={16} className={classes.chevron} aria-hidden="true" />
                ) : null}
              </div>
            );
          })}
        </div>
        {children.hasNextPage ? (
          <Group justify="center" p="xs">
            <Button
              size="xs"
              variant="subtle"
              loading={children.isFetchingNextPage}
              onClick={() => void children.fetchNextPage()}
            >
              {capped
                ? t('columns.showMore')
                : t('columns.showMoreLeft', { count: (count ?? 0) - rows.length })}
            </Button>
          </Group>
        ) : null}
      </>
    );
  }

  return (
    <section className={classes.column} aria-labelledby={headingId}>
      <Group className={classes.columnHeader} justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text component="h2" id={headingId} size="sm" fw={700}>
              {t('tabs.level', { level: levelLabel(level) })}
            </Text>
            {count !== undefined ? (
              <Badge
                size="sm"
                variant="light"
                color="gray"
                aria-label={capped ? t('codeCountAtLeast', { count }) : t('codeCount', { count })}
              >
                {formatNumber(count)}
                {capped ? '+' : ''}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" truncate="end">
            {parent
              ? t('columns.in', { parent: codeLabel(parent) })
              : parent === null
                ? t('columns.top')
                : ' '}
          </Text>
        </div>
        {onAdd && parent !== undefined ? (
          <Tooltip label={t('addCode', { level: levelLabel(level) })} withArrow>
            <ActionIcon
              variant="light"
              aria-label={t('addCode', { level: levelLabel(level) })}
              onClick={() => onAdd(level, parent)}
            >
              <IconPlus size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <div className={classes.columnBody}>{body}</div>
    </section>
  );
}

interface CodeColumnsProps {
  /** The path from L1 to the open code (empty: none open). */
  path: CodeRef[];
  /** Opens a code: `path` is where it sits; `focusNext` asks for the focus in its column of codes. */
  onOpen: (record: CodeRecord, path: CodeRef[]) => void;
  /** Offered to users who may change the library. */
  onAdd?: (level: CodeLevel, parent: CodeRef | null) => void;
}

/**
 * The library as Miller columns: L1 codes, then the L2 codes of the open L1, and so on. Keyboard:
 * ↑ ↓ Home End within a column, Enter (or Space) opens a code, → opens it and moves into its
 * codes, ← goes back to the column before.
 */
export function CodeColumns({ path, onOpen, onAdd }: CodeColumnsProps) {
  const [focusRequest, setFocusRequest] = useState<{ level: CodeLevel; parent: string } | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const pathKey = path.map((ref) => ref.id).join('/');

  // On a narrow screen the columns scroll sideways: bring the column of the open code's codes to view.
  useEffect(() => {
    const container = containerRef.current;
    if (!container || container.scrollWidth <= container.clientWidth) return;
    // The depth of the open code, read from the key so that the effect runs when the path changes.
    const openDepth = pathKey ? pathKey.split('/').length : 0;
    const column = container.children[Math.min(openDepth, 3)] as HTMLElement | undefined;
    if (column) container.scrollTo({ left: column.offsetLeft - container.offsetLeft });
  }, [pathKey]);

  const onFocusTaken = useRef(() => setFocusRequest(null)).current;

  return (
    <div ref={containerRef} className={classes.columns}>
      {LEVELS.map((level) => (
        <CodeColumn
          key={level}
          level={level}
          parent={level === 1 ? null : path[level - 2]}
          path={path}
          focusRequest={focusRequest?.level === level ? focusRequest.parent : null}
          onFocusTaken={onFocusTaken}
          onOpen={(record, recordPath, focusNext) => {
            onOpen(record, recordPath);
            if (focusNext && level < 4)
              setFocusRequest({ level: (level + 1) as CodeLevel, parent: record.id });
          }}
          onAdd={onAdd}
        />
      ))}
    </div>
  );
}
