import type { NftBid, NftItemDetail } from '@ledgerdesk/contracts';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconGavel, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureRow, Figures } from '../../components/Figures';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime, formatRelative } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useCan } from '../../lib/permissions';
import { queryKeys } from '../../lib/query-keys';
import { useSessionUser } from '../../lib/session';
import { nftApi, nftErrorMessage, usePlaceBid, useWallet } from './api';
import { Countdown, useSecondsLeft } from './Countdown';
import { ETH_PATTERN, ethUnits, formatEth } from './format';
import { Person } from './ItemCard';
import classes from './nft.module.css';

export const bidStatusColours = { leading: 'green', outbid: 'gray', won: 'teal', lost: 'red' } as const;

/**
 * Why the reader may not bid, in their words, before asking the server (which checks it all again,
 * the end of the auction too): not a well-formed amount, below the least next bid, more than the
 * wallet has available.
 */
function bidProblem(
  amount: string,
  item: NftItemDetail,
  available: string | undefined,
  t: (key: string, values?: Record<string, string>) => string,
): string | null {
  if (!ETH_PATTERN.test(amount) || ethUnits(amount) === 0n) return t('bid.invalid');
  if (item.minNextBid && ethUnits(amount) < ethUnits(item.minNextBid))
    return t('errors.bidTooLow', { amount: formatEth(item.minNextBid) });
  if (available !== undefined && ethUnits(amount) > ethUnits(available))
    return t('errors.shortBalance', { amount: formatEth(available) });
  return null;
}

/** The bid form: the amount (the least next bid as a hint), refusals shown on the field. */
function BidForm({ item }: { item: NftItemDetail }) {
  const { t } = useTranslation('nft');
  const wallet = useWallet();
  const place = usePlaceBid(item.id);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const available = wallet.data?.available;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = amount.trim();
    const found = bidProblem(typed, item, available, t);
    setProblem(found);
    if (found) return;
    place.mutate(typed, {
      onSuccess: ({ data }) => {
        setAmount('');
        notifySuccess(t('bid.placed', { amount: formatEth(data.amount) }));
      },
      onError: (error) => setProblem(nftErrorMessage(error, t)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('bid.form')}>
      <Stack gap="xs">
        <TextInput
          label={t('bid.amount')}
          description={
            item.minNextBid
              ? t('bid.hint', {
                  min: formatEth(item.minNextBid),
                  available: available === undefined ? '…' : formatEth(available),
                })
              : undefined
          }
          placeholder={item.minNextBid ?? undefined}
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setProblem(null);
          }}
          inputMode="decimal"
          autoComplete="off"
          rightSection={
            <Text size="xs" c="dimmed" aria-hidden="true">
              ETH
            </Text>
          }
          rightSectionWidth={40}
          error={problem}
          errorProps={{ role: 'alert' }}
        />
        <Button
          type="submit"
          leftSection={<IconGavel size={18} aria-hidden="true" />}
          loading={place.isPending}
        >
          {t('bid.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** Why there is no bid form for this reader: their own item, or they may only look. */
function NoBidNote({ children }: { children: string }) {
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
      {children}
    </Alert>
  );
}

/**
 * A running (or just ended) auction: the time left from the server's end time, the highest bid and
 * who holds it (announced politely to screen readers when it changes, live), and the bid form.
 */
export function AuctionPanel({ item }: { item: NftItemDetail }) {
  const { t } = useTranslation('nft');
  const client = useQueryClient();
  const can = useCan();
  const me = useSessionUser();
  const seconds = useSecondsLeft(item.endsAt);
  const ended = item.ended || seconds === 0;
  // At zero the server is asked again: it says the auction ended (then the sweep closes it).
  useEffect(() => {
    if (seconds === 0 && !item.ended)
      void client.invalidateQueries({ queryKey: queryKeys.one(nftApi.items, item.id) });
  }, [seconds, item.ended, item.id, client]);

  let form: React.ReactNode;
  if (ended) form = <NoBidNote>{t('errors.auctionEnded')}</NoBidNote>;
  else if (item.owner.id === me?.id) form = <NoBidNote>{t('bid.ownItem')}</NoBidNote>;
  else if (!can('nft.manage')) form = <NoBidNote>{t('bid.viewOnly')}</NoBidNote>;
  else form = <BidForm item={item} />;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="auction-heading">
      <Group justify="space-between" align="flex-start" mb="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="auction-heading">
            {t('auction.title')}
          </Title>
          {item.endsAt ? (
            <Text size="sm" c="dimmed">
              {ended
                ? t('auction.endedAt', { date: formatDateTime(item.endsAt) })
                : t('auction.endsAt', { date: formatDateTime(item.endsAt) })}
            </Text>
          ) : null}
        </Stack>
        {item.endsAt ? (
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('auction.timeLeft')}
            </Text>
            <Countdown endsAt={item.endsAt} ended={item.ended} fz="xl" />
          </Stack>
        ) : null}
      </Group>
      <Figures mb="md">
        <FigureRow
          label={t('card.highestBid')}
          value={
            <span aria-live="polite" data-testid="highest-bid">
              {item.highestBid ? formatEth(item.highestBid) : t('auction.noBids')}
            </span>
          }
          strong
        />
        {item.highestBidder ? (
          <FigureRow label={t('auction.leader')} value={item.highestBidder.name} />
        ) : null}
        <FigureRow label={t('card.startPrice')} value={formatEth(item.price)} />
        <FigureRow label={t('auction.bids')} value={String(item.bidsCount)} />
      </Figures>
      {form}
    </Paper>
  );
}

/**
 * The bids, newest (and so highest) first: each bidder, amount, when and its state. A bid that
 * arrives while the page is open (anyone's, over the live connection) tops the list, tinted a moment.
 */
export function BidHistory({ bids, total }: { bids: NftBid[]; total: number }) {
  const { t } = useTranslation('nft');
  const seen = useRef<Set<string> | null>(null);
  if (seen.current === null) seen.current = new Set(bids.map((bid) => bid.id));
  const known = seen.current;
  useEffect(() => {
    for (const bid of bids) known.add(bid.id);
  }, [bids, known]);

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="bids-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="bids-heading">
          {t('bids.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('bids.count', { count: total })}
        </Text>
      </Group>
      {bids.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('bids.none')}
        </Text>
      ) : (
        <Stack
          component="ol"
          gap={0}
          aria-label={t('bids.title')}
          className={classes.grid}
          data-testid="bid-history"
        >
          {bids.map((bid) => (
            <Group
              key={bid.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              py="xs"
              px="xs"
              className={known.has(bid.id) ? undefined : classes.fresh}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={2} miw={0}>
                <Person person={bid.bidder} size={28} />
                <Text size="xs" c="dimmed" title={formatDateTime(bid.createdAt)}>
                  {formatRelative(bid.createdAt)}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatEth(bid.amount)}
                </Text>
                <StatusBadge color={bidStatusColours[bid.status]}>
                  {t(`values.bidStatus.${bid.status}`)}
                </StatusBadge>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
