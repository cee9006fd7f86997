import { type InvoiceInput, invoiceTotals } from '@ledgerdesk/contracts';
import {
  Button,
  Divider,
  Group,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FigureRow, Figures } from '../../components/Figures';
import { RemoveButton } from '../../components/RemoveButton';
import { formatMoney } from '../../lib/format';

type Line = InvoiceInput['lines'][number];
type TypedFigures = { lines: Line[]; taxRate: string; discount: string; shipping: string };

/** Decimals as typed: a comma is taken for the decimal point, nothing else is changed. */
const typed = (value: string) => value.replace(',', '.');
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
/** An amount as shown; a dash while what is typed is not a number yet. */
const money = (value: string | null | undefined) => (value == null ? '—' : formatMoney(value));

/** The contract's totals of what is typed so far; null while something is not a number yet. */
function totalsOf(figures: TypedFigures) {
  try {
    return invoiceTotals({
      lines: figures.lines.map((line) => ({
        quantity: text(line.quantity),
        unitPrice: text(line.unitPrice),
      })),
      taxRate: text(figures.taxRate),
      discount: text(figures.discount),
      shipping: text(figures.shipping),
    });
  } catch {
    return null;
  }
}

function lineAmount(line: Line | undefined): string | null {
  if (!line) return null;
  return totalsOf({ lines: [line], taxRate: '0', discount: '0', shipping: '0' })?.lines[0] ?? null;
}

/** A decimal input bound to the form (money, quantities, rates travel as strings). */
function DecimalField({ name, label, hideLabel }: { name: string; label: string; hideLabel?: boolean }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          label={hideLabel ? undefined : label}
          aria-label={hideLabel ? label : undefined}
          inputMode="decimal"
          value={text(field.value)}
          onChange={(event) => field.onChange(typed(event.currentTarget.value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
        />
      )}
    />
  );
}

/**
 * The invoice form's line items, tax rate, discount and shipping, with the totals computed as they
 * are typed — by the same contract function the server uses, so they agree; the saved invoice shows
 * the server's own figures.
 */
export function InvoiceLines() {
  const { t } = useTranslation('invoices');
  const { control, formState } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const [lines = [], taxRate, discount, shipping] = useWatch({
    control,
    name: ['lines', 'taxRate', 'discount', 'shipping'],
  }) as [Line[] | undefined, string, string, string];
  const totals = totalsOf({ lines, taxRate, discount, shipping });
  const linesError = (formState.errors.lines as { message?: string; root?: { message?: string } } | undefined)
    ?.message;

  return (
    <Stack gap="md" mt="xl">
      <Divider />
      <Title order={2} size="h4" id="invoice-lines">
        {t('fields.lines')}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" aria-labelledby="invoice-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('lines.description')}</Table.Th>
              <Table.Th w={120}>{t('lines.quantity')}</Table.Th>
              <Table.Th w={150}>{t('lines.unitPrice')}</Table.Th>
              <Table.Th w={130} ta="right">
                {t('lines.amount')}
              </Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((item, index) => {
              const number = index + 1;
              const amount = lineAmount(lines[index]);
              return (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Controller
                      control={control}
                      name={`lines.${index}.description`}
                      render={({ field, fieldState }) => (
                        <TextInput
                          aria-label={`${t('lines.line', { number })}: ${t('lines.description')}`}
                          value={text(field.value)}
                          onChange={(event) => field.onChange(event.currentTarget.value)}
                          onBlur={field.onBlur}
                          error={fieldState.error?.message}
                        />
                      )}
                    />
                  </Table.Td>
                  <Table.Td>
                    <DecimalField
                      name={`lines.${index}.quantity`}
                      label={`${t('lines.line', { number })}: ${t('lines.quantity')}`}
                      hideLabel
                    />
                  </Table.Td>
                  <Table.Td>
                    <DecimalField
                      name={`lines.${index}.unitPrice`}
                      label={`${t('lines.line', { number })}: ${t('lines.unitPrice')}`}
                      hideLabel
                    />
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {money(amount)}
                  </Table.Td>
                  <Table.Td>
                    <RemoveButton
                      label={t('lines.remove', { number })}
                      onClick={() => remove(index)}
                      disabled={fields.length === 1}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {linesError ? <Input.Error>{linesError}</Input.Error> : null}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => append({ description: '', quantity: '1', unitPrice: '' })}
        >
          {t('lines.add')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="sm">
          <DecimalField name="taxRate" label={t('fields.taxRate')} />
          <DecimalField name="discount" label={t('fields.discount')} />
          <DecimalField name="shipping" label={t('fields.shipping')} />
        </Stack>
        <Stack gap={6}>
          <Figures aria-live="polite" data-testid="invoice-totals">
            <FigureRow label={t('fields.subtotal')} value={money(totals?.subtotal)} />
            <FigureRow label={t('fields.discount')} value={money(totals?.discount)} />
            <FigureRow
              label={t('document.taxAt', { rate: text(taxRate) || '0' })}
              value={money(totals?.tax)}
            />
            <FigureRow label={t('fields.shipping')} value={money(totals?.shipping)} />
            <FigureRow label={t('fields.total')} value={money(totals?.total)} strong />
          </Figures>
          <Text size="xs" c="dimmed">
            {t('lines.computed')}
          </Text>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
