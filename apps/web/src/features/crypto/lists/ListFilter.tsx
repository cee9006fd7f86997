import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A filter of a wallet list: one of its enum's values (labels from `values.<name>`), or any. */
export function ListFilter({
  name,
  label,
  anyLabel,
  options,
  value,
  onChange,
}: {
  name: 'type' | 'status';
  label: string;
  anyLabel: string;
  options: readonly string[];
  value: string | undefined;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation('crypto');
  return (
    <Select
      label={label}
      placeholder={anyLabel}
      data={options.map((option) => ({ value: option, label: t(`values.${name}.${option}`) }))}
      value={value ?? null}
      onChange={onChange}
      clearable
      w={180}
    />
  );
}
