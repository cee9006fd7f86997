import { Input } from '@mantine/core';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RichTextInput } from '../../components/RichTextInput';

/**
 * The post's text (the form's `body`) as rich text, with what the server keeps of a post: headings
 * of levels 2 and 3, emphasis, lists, quote, code and links. Imported by the editor page only.
 */
export function PostBodyField() {
  const { t } = useTranslation('blog');
  const { control } = useFormContext();
  const { field, fieldState } = useController({ control, name: 'body' });
  return (
    <Input.Wrapper label={t('fields.body')} error={fieldState.error?.message} mt="md">
      <RichTextInput
        label={t('fields.body')}
        initialHtml={String(field.value ?? '')}
        headings={[2, 3]}
        onChange={field.onChange}
        onBlur={field.onBlur}
        stickyToolbarOffset={60}
        minHeight={260}
      />
    </Input.Wrapper>
  );
}
