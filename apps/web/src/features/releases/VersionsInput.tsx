import { Button, Card, Group, Input, Stack, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/DateField';
import { RemoveButton } from '../../components/RemoveButton';

const today = () => new Date().toLocaleDateString('sv');

/** A release group's versions in its form: number, date and notes (one a line), newest first on save. */
export function VersionsInput() {
  const { t } = useTranslation(['releases', 'common']);
  const { control, formState } = useFormContext();
  const { fields, prepend, remove } = useFieldArray({ control, name: 'versions' });
  const listError = (formState.errors.versions as { message?: string } | undefined)?.message;
  return (
    <Input.Wrapper label={t('fields.versions')} error={listError} mt="md">
      <Stack gap="sm" mt={4}>
        <div>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => prepend({ version: '', date: today(), notes: [] })}
          >
            {t('addVersion')}
          </Button>
        </div>
        {fields.map((field, index) => (
          <Card key={field.id} withBorder padding="sm" radius="md">
            <Stack gap="xs">
              <Group gap="sm" align="flex-start" wrap="wrap">
                <Controller
                  control={control}
                  name={`versions.${index}.version`}
                  render={({ field: input, fieldState }) => (
                    <TextInput
                      label={t('fields.versionNumber')}
                      required
                      value={input.value as string}
                      onChange={(event) => input.onChange(event.currentTarget.value)}
                      onBlur={input.onBlur}
                      error={fieldState.error?.message}
                      w={140}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name={`versions.${index}.date`}
                  render={({ field: input, fieldState }) => (
                    <DateField
                      label={t('fields.date')}
                      required
                      value={(input.value as string) || null}
                      onChange={(value) => input.onChange(value ?? '')}
                      error={fieldState.error?.message}
                      w={180}
                    />
                  )}
                />
                <RemoveButton
                  label={t('removeVersion', { number: index + 1 })}
                  onClick={() => remove(index)}
                />
              </Group>
              <Controller
                control={control}
                name={`versions.${index}.notes`}
                render={({ field: input, fieldState }) => (
                  <Textarea
                    label={t('fields.notes')}
                    description={t('notesHint')}
                    autosize
                    minRows={2}
                    value={(input.value as string[]).join('\n')}
                    onChange={(event) => input.onChange(event.currentTarget.value.split('\n'))}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Stack>
          </Card>
        ))}
      </Stack>
    </Input.Wrapper>
  );
}
