import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Copies `value`, saying so for a moment. */
export function CopyTextButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant="light"
          color={copied ? 'teal' : 'blue'}
          leftSection={
            copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />
          }
          onClick={copy}
        >
          {copied ? t('twoStep.copied') : label}
        </Button>
      )}
    </CopyButton>
  );
}
