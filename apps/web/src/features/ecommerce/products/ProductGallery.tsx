import { Image, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A product's pictures: the chosen one large, the others as thumbnails to choose from. */
export function ProductGallery({ name, images }: { name: string; images: string[] }) {
  const { t } = useTranslation('ecommerce/products');
  const [shown, setShown] = useState(0);
  const current = images[shown] ?? images[0];
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="md">
        {t('gallery.title')}
      </Title>
      {current ? (
        <Stack gap="sm" maw={420}>
          <Image src={current} alt={t('gallery.picture', { name, number: shown + 1 })} radius="md" />
          {images.length > 1 ? (
            <SimpleGrid cols={6} spacing="xs">
              {images.map((src, index) => (
                <UnstyledButton
                  key={src}
                  onClick={() => setShown(index)}
                  aria-label={t('gallery.show', { number: index + 1 })}
                  aria-pressed={index === shown}
                  style={{
                    borderRadius: 8,
                    outline: index === shown ? '2px solid var(--mantine-color-indigo-5)' : undefined,
                  }}
                >
                  <Image src={src} alt="" radius="sm" />
                </UnstyledButton>
              ))}
            </SimpleGrid>
          ) : null}
        </Stack>
      ) : (
        <Text c="dimmed" size="sm">
          {t('gallery.none')}
        </Text>
      )}
    </Paper>
  );
}
