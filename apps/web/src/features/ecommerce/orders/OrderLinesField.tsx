import { ActionIcon, Button, Grid, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ReferencePicker } from '../../../resources/pickers';

/** The order form's lines: a product and how many (the server prices them), colour and size. */
export function OrderLinesField() {
  const { t } = useTranslation('ecommerce/orders');
  const { control, formState } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const linesError = (formState.errors.lines as { message?: string } | undefined)?.message;
  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="order-lines">
      <Title order={2} size="h4" id="order-lines">
        {t('fields.lines')}
      </Title>
      {fields.map((line, index) => (
        <Grid key={line.id} align="flex-end" gap="sm">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Controller
              control={control}
              name={`lines.${index}.productId`}
              render={({ field, fieldState }) => (
                <ReferencePicker
                  label={t('lines.productOf', { number: index + 1 })}
                  required
                  api="/apps/product"
                  keyOf={(product: { _id: string }) => product._id}
                  labelOf={(product: { name: string }) => product.name}
                  value={(field.value as string | null) ?? null}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 4, md: 2 }}>
            <Controller
              control={control}
              name={`lines.${index}.quantity`}
              render={({ field, fieldState }) => (
                <NumberInput
                  label={t('lines.quantity')}
                  min={1}
                  max={999}
                  allowDecimal={false}
                  value={(field.value as number | null) ?? ''}
                  onChange={(next) => field.onChange(next === '' ? null : Number(next))}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Grid.Col>
          {(['color', 'size'] as const).map((part) => (
            <Grid.Col key={part} span={{ base: 4, md: 2 }}>
              <Controller
                control={control}
                name={`lines.${index}.${part}`}
                render={({ field, fieldState }) => (
                  <TextInput
                    label={t(`lines.${part}`)}
                    value={(field.value as string | undefined) ?? ''}
                    onChange={(event) => field.onChange(event.currentTarget.value)}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
          ))}
          <Grid.Col span={{ base: 12, md: 1 }}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={() => remove(index)}
              aria-label={t('lines.remove', { number: index + 1 })}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Grid.Col>
        </Grid>
      ))}
      {linesError ? (
        <Text c="red" size="sm" role="alert">
          {linesError}
        </Text>
      ) : null}
      <div>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => append({ productId: null, quantity: 1, color: '', size: '' })}
        >
          {t('lines.add')}
        </Button>
      </div>
    </Stack>
  );
}
