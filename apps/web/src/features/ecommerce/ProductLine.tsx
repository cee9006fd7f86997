import { Anchor, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';

/** A product on a line of an order or of the cart: its picture and its name, linked to it. */
export function ProductLine({
  productId,
  name,
  image,
  children,
}: {
  productId: string | null;
  name: string;
  image: string | null;
  /** Below the name: colour and size, as text or as inputs. */
  children?: ReactNode;
}) {
  // A cart kept for days holds a picture's signed URL past its expiry: then no picture is shown.
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {image && broken !== image ? (
        <Image src={image} alt="" w={44} h={44} radius="sm" fit="cover" onError={() => setBroken(image)} />
      ) : null}
      <Stack gap={4}>
        {productId ? (
          <Anchor component={Link} to={`/apps/ecommerce/products/${productId}`} size="sm" fw={500}>
            {name}
          </Anchor>
        ) : (
          <Text size="sm" fw={500}>
            {name}
          </Text>
        )}
        {children}
      </Stack>
    </Group>
  );
}

/** A titled panel beside a page's main content (an order summary). */
export function SidePanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
