import { productImages } from '@ledgerdesk/contracts';
import { Checkbox, Image, Input, SimpleGrid, Stack } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The product form's gallery: which of the shipped pictures it shows, in the order they are ticked. */
export function ImagesField() {
  const { t } = useTranslation('ecommerce/products');
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name="images"
      render={({ field, fieldState }) => {
        const chosen = (field.value as string[] | undefined) ?? [];
        const toggle = (src: string, on: boolean) =>
          field.onChange(on ? [...chosen, src] : chosen.filter((image) => image !== src));
        return (
          <Input.Wrapper
            label={t('fields.images')}
            description={t('gallery.hint')}
            error={fieldState.error?.message}
            mt="md"
          >
            <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="sm" mt="xs">
              {productImages.map((src) => {
                const label = src.replace(/^.*\/|\.svg$/g, '');
                return (
                  <Stack key={src} gap={4} align="center">
                    <Image src={src} alt="" w={64} h={64} radius="sm" />
                    <Checkbox
                      label={t(`images.${label}`, { defaultValue: label })}
                      checked={chosen.includes(src)}
                      onChange={(event) => toggle(src, event.currentTarget.checked)}
                      onBlur={field.onBlur}
                      size="xs"
                    />
                  </Stack>
                );
              })}
            </SimpleGrid>
          </Input.Wrapper>
        );
      }}
    />
  );
}
