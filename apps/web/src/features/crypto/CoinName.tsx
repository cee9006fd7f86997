import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './crypto.module.css';

/** A stable colour per coin code (its letters' sum), for its round mark. */
const colours = ['orange', 'indigo', 'teal', 'grape', 'cyan', 'pink', 'lime', 'blue', 'violet', 'yellow'];
export function coinColour(code: string): string {
  let sum = 0;
  for (const letter of code) sum += letter.charCodeAt(0);
  return colours[sum % colours.length] ?? 'gray';
}

/** A coin as its mark (the code's letters in its colour), its name and its code. */
export function CoinName({ name, code, size = 'sm' }: { name: string; code: string; size?: 'sm' | 'md' }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar
        size={size === 'md' ? 36 : 28}
        radius="xl"
        color={coinColour(code)}
        variant="light"
        aria-hidden
        classNames={{ placeholder: classes.coinMark }}
        style={
          {
            '--coin-strong': `color-mix(in srgb, var(--mantine-color-${coinColour(code)}-9) 65%, black)`,
            '--coin-soft': `var(--mantine-color-${coinColour(code)}-2)`,
          } as CSSProperties
        }
      >
        {code.slice(0, 3)}
      </Avatar>
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} truncate>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {code}
        </Text>
      </Stack>
    </Group>
  );
}
