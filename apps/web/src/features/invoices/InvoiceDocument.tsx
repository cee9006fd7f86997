import type { InvoiceRecord } from '@ledgerdesk/contracts';
import { Badge, Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatQuantity } from '../../lib/format';
import { valueLabel } from '../../resources/ResourceForm';
import { statusColors } from './definition';
import classes from './invoice.module.css';

function Sheet({ invoice }: { invoice: InvoiceRecord }) {
  const { t } = useTranslation('invoices');
  const totals: [string, string][] = [
    [t('fields.subtotal'), invoice.subtotal],
    [t('fields.discount'), invoice.discount],
    [t('document.taxAt', { rate: invoice.taxRate }), invoice.tax],
    [t('fields.shipping'), invoice.shipping],
  ];
  return (
    <Paper withBorder p="xl" radius="md" className={classes.sheet}>
      <Group justify="space-between" align="flex-start" mb="lg">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {t('document.title')} {invoice.invoiceNumber}
          </Title>
          <Text size="sm" c="dimmed">
            {t('fields.issueDate')}: {formatDate(invoice.issueDate)}
            {invoice.dueDate ? ` · ${t('fields.dueDate')}: ${formatDate(invoice.dueDate)}` : ''}
          </Text>
        </Stack>
        <Badge size="lg" variant="light" color={statusColors[invoice.status]} tt="none">
          {valueLabel(t, 'status', invoice.status)}
        </Badge>
      </Group>
      <SimpleGrid cols={2} mb="lg">
        <Stack gap={2}>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            {t('document.from')}
          </Text>
          <Text size="sm">{t('document.office')}</Text>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            {t('document.billTo')}
          </Text>
          <Text size="sm" fw={600}>
            {invoice.customerName}
          </Text>
          {[invoice.customerAddress, invoice.customerEmail, invoice.customerPhone]
            .filter(Boolean)
            .map((line) => (
              <Text key={line} size="sm" style={{ whiteSpace: 'pre-line' }}>
                {line}
              </Text>
            ))}
        </Stack>
      </SimpleGrid>
      <Table className={classes.figures} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('lines.description')}</Table.Th>
            <Table.Th ta="right">{t('lines.quantity')}</Table.Th>
            <Table.Th ta="right">{t('lines.unitPrice')}</Table.Th>
            <Table.Th ta="right">{t('lines.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>{line.description}</Table.Td>
              <Table.Td ta="right">{formatQuantity(line.quantity)}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.unitPrice)}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={4} mt="md" ml="auto" maw={320} className={classes.figures}>
        {totals.map(([label, value]) => (
          <Group key={label} justify="space-between">
            <Text size="sm">{label}</Text>
            <Text size="sm">{formatMoney(value)}</Text>
          </Group>
        ))}
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>{t('fields.total')}</Text>
          <Text fw={700} data-testid="invoice-total">
            {formatMoney(invoice.total)}
          </Text>
        </Group>
      </Stack>
      {invoice.notes ? (
        <Text size="sm" mt="lg" style={{ whiteSpace: 'pre-line' }}>
          {invoice.notes}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * The invoice as a document: on screen below its fields, and — a copy rendered under <body> — the
 * only thing printed while its page is open (see invoice.module.css).
 */
export function InvoiceDocument({ invoice }: { invoice: InvoiceRecord }) {
  useEffect(() => {
    document.documentElement.dataset.print = 'invoice';
    return () => {
      delete document.documentElement.dataset.print;
    };
  }, []);
  return (
    <>
      <Sheet invoice={invoice} />
      {createPortal(
        <div className={classes.printRoot} aria-hidden="true">
          <Sheet invoice={invoice} />
        </div>,
        document.body,
      )}
    </>
  );
}
