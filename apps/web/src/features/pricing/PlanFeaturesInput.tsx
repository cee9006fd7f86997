import { type PlanFeatureName, planFeatureNames } from '@ledgerdesk/contracts';
import { Button, Group, Input, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RemoveButton } from '../../components/RemoveButton';

/** The plan form's features: one line each (what, how much — empty is unlimited — and included or not). */
export function PlanFeaturesInput() {
  const { t } = useTranslation(['pricing', 'common']);
  const { control, getValues } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'features' });
  const unused = () => {
    const taken = new Set((getValues('features') as { name: string }[]).map((f) => f.name));
    return planFeatureNames.find((name) => !taken.has(name));
  };
  const names = planFeatureNames.map((name) => ({ value: name, label: t(`featureNames.${name}`) }));
  return (
    <Input.Wrapper label={t('fields.features')} mt="md">
      <Stack gap="xs" mt={4}>
        {fields.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noFeatures')}
          </Text>
        ) : null}
        {fields.map((field, index) => (
          <Group key={field.id} gap="xs" align="center" wrap="wrap">
            <Controller
              control={control}
              name={`features.${index}.name`}
              render={({ field: input, fieldState }) => (
                <Select
                  aria-label={t('featureLabels.name', { number: index + 1 })}
                  data={names}
                  value={input.value as string}
                  onChange={(value) => input.onChange(value as PlanFeatureName)}
                  error={fieldState.error?.message}
                  allowDeselect={false}
                  w={150}
                />
              )}
            />
            <Controller
              control={control}
              name={`features.${index}.limit`}
              render={({ field: input, fieldState }) => (
                <NumberInput
                  aria-label={t('featureLabels.limit', { number: index + 1 })}
                  placeholder={t('unlimited')}
                  min={0}
                  allowDecimal={false}
                  value={(input.value as number | null) ?? ''}
                  onChange={(value) => input.onChange(value === '' ? null : Number(value))}
                  error={fieldState.error?.message}
                  w={120}
                />
              )}
            />
            <Controller
              control={control}
              name={`features.${index}.included`}
              render={({ field: input }) => (
                <Switch
                  label={t('included')}
                  checked={Boolean(input.value)}
                  onChange={(event) => input.onChange(event.currentTarget.checked)}
                />
              )}
            />
            <RemoveButton
              label={t('featureLabels.remove', { number: index + 1 })}
              onClick={() => remove(index)}
            />
          </Group>
        ))}
        <div>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            disabled={fields.length >= planFeatureNames.length}
            onClick={() => append({ name: unused() ?? 'projects', limit: null, included: true })}
          >
            {t('addFeature')}
          </Button>
        </div>
      </Stack>
    </Input.Wrapper>
  );
}
