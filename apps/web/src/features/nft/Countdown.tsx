import { Text, type TextProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../lib/api';

/**
 * How far the server's clock is ahead of this browser's, in milliseconds: an auction ends by the
 * server's clock, and the reader's machine may be minutes off. Learnt once per page load from the
 * `Date` header of the health probe (whole seconds: taken as the middle of its second and of the
 * round trip), 0 until then or if it fails.
 */
let serverOffsetMs = 0;
let clockAsked = false;

function syncServerClock() {
  if (clockAsked) return;
  clockAsked = true;
  const sent = Date.now();
  fetch(apiUrl('/healthz'), { cache: 'no-store' })
    .then((response) => {
      const received = Date.now();
      const date = Date.parse(response.headers.get('date') ?? '');
      if (!Number.isNaN(date)) serverOffsetMs = date + 500 - (sent + received) / 2;
    })
    .catch(() => undefined);
}

/** The server's time now, as well as the browser can tell. */
export function serverNow(): number {
  return Date.now() + serverOffsetMs;
}

/** Whole seconds from the server's now to `end` (epoch ms), 0 once past; null without an end. */
function secondsUntil(end: number): number | null {
  return Number.isNaN(end) ? null : Math.max(0, Math.ceil((end - serverNow()) / 1000));
}

/** What is left of an auction, in whole seconds (0 once it has ended); ticks every second until then. */
export function useSecondsLeft(endsAt: string | null | undefined): number | null {
  const end = endsAt ? Date.parse(endsAt) : Number.NaN;
  const [seconds, setSeconds] = useState(() => secondsUntil(end));
  useEffect(syncServerClock, []);
  useEffect(() => {
    setSeconds(secondsUntil(end));
    if (Number.isNaN(end)) return;
    const timer = setInterval(() => {
      const next = secondsUntil(end);
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [end]);
  return seconds;
}

/** "2d 04:05:06", "04:05:06": days only when there are some. */
export function formatSecondsLeft(seconds: number, daysUnit: string): string {
  const days = Math.floor(seconds / 86_400);
  const clock = [Math.floor(seconds / 3600) % 24, Math.floor(seconds / 60) % 60, seconds % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return days > 0 ? `${days}${daysUnit} ${clock}` : clock;
}

/**
 * An auction's time left, ticking each second from the server's end time; "Ended" at zero, or as soon
 * as the server says so (`ended`). Screen readers hear it when they reach it (no live region: a change
 * every second would drown the page).
 */
export function Countdown({
  endsAt,
  ended,
  zeroLabel,
  ...props
}: {
  endsAt: string;
  ended?: boolean;
  /** What it says at zero (default "Ended"). */
  zeroLabel?: string;
} & TextProps) {
  const { t } = useTranslation('nft');
  const seconds = useSecondsLeft(endsAt);
  if (seconds === null) return null;
  const over = ended || seconds === 0;
  return (
    <Text component="span" ff="monospace" fw={600} data-testid="countdown" {...props}>
      {over ? (zeroLabel ?? t('auction.ended')) : formatSecondsLeft(seconds, t('auction.daysUnit'))}
    </Text>
  );
}
