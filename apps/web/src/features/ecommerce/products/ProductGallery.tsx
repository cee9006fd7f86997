import type { ProductImage } from '@ledgerdesk/contracts';
import { Image, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePreview } from '../../../components/files';

/** A product's pictures: the chosen one large (opens the preview), the others as thumbnails to switch. */
export function ProductGallery({ name, images }: { name: string; images: ProductImage[] }) {
  const { t } = useTranslation('ecommerce/products');
  const [shown, setShown] = useState(0);
  const [previewed, setPreviewed] = useState<number | null>(null);
  const index = images[shown] ? shown : 0;
  const current = images[index];
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="md">
        {t('gallery.title')}
      </Title>
      {current ? (
        <Stack gap="sm" maw={480}>
          <UnstyledButton
            onClick={() => setPreviewed(index)}
            aria-label={t('gallery.open', { name, number: index + 1 })}
            style={{ borderRadius: 'var(--mantine-radius-md)', cursor: 'zoom-in' }}
          >
            <Image
              src={current.url}
              alt={t('gallery.picture', { name, number: index + 1 })}
              radius="md"
              style={{ aspectRatio: '1 / 1' }}
              fit="cover"
            />
          </UnstyledButton>
          {images.length > 1 ? (
            <SimpleGrid cols={6} spacing="xs">
              {images.map((image, i) => (
                <UnstyledButton
                  key={image.id}
                  onClick={() => setShown(i)}
                  aria-label={t('gallery.show', { number: i + 1 })}
                  aria-pressed={i === index}
                  style={{
                    borderRadius: 8,
                    outline: i === index ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                    outlineOffset: 2,
                  }}
                >
                  <Image
                    src={image.thumbnailUrl ?? image.url}
                    alt=""
                    radius="sm"
                    style={{ aspectRatio: '1 / 1' }}
                  />
                </UnstyledButton>
              ))}
            </SimpleGrid>
          ) : null}
          <FilePreview
            files={images}
            index={previewed}
            onIndexChange={(i) => {
              setPreviewed(i);
              setShown(i);
            }}
            onClose={() => setPreviewed(null)}
          />
        </Stack>
      ) : (
        <Text c="dimmed" size="sm">
          {t('gallery.none')}
        </Text>
      )}
    </Paper>
  );
}
