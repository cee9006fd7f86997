import '@mantine/tiptap/styles.css';

import { DEFAULT_LABELS, Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './mail.module.css';

/**
 * The composer's rich text (Tiptap through @mantine/tiptap): bold, italic, underline, strike, a
 * heading, lists, quote, code and links — what the server keeps of a mail's HTML. Imported by the
 * mailbox page only, so Tiptap travels in the mail route's chunk. `resetTo` replaces the text (a
 * stored draft taken back); typing reports the HTML through `onChange`.
 */
export function MailEditor({
  initialHtml,
  resetTo,
  onChange,
  label,
  focusStart = false,
}: {
  initialHtml: string;
  /** Put the caret at the start (a reply or forward: one writes above the quote). */
  focusStart?: boolean;
  /** A new value to show instead of what is typed (changes of this prop only). */
  resetTo: { html: string } | null;
  onChange: (html: string) => void;
  label: string;
}) {
  const { t } = useTranslation('mail');
  const labels = useMemo(
    () => ({
      ...DEFAULT_LABELS,
      boldControlLabel: t('editor.bold'),
      italicControlLabel: t('editor.italic'),
      underlineControlLabel: t('editor.underline'),
      strikeControlLabel: t('editor.strike'),
      codeControlLabel: t('editor.code'),
      h2ControlLabel: t('editor.h2'),
      bulletListControlLabel: t('editor.bulletList'),
      orderedListControlLabel: t('editor.orderedList'),
      blockquoteControlLabel: t('editor.blockquote'),
      linkControlLabel: t('editor.link'),
      unlinkControlLabel: t('editor.unlink'),
      undoControlLabel: t('editor.undo'),
      redoControlLabel: t('editor.redo'),
      clearFormattingControlLabel: t('editor.clear'),
      linkEditorInputLabel: t('editor.linkInput'),
      linkEditorInputPlaceholder: t('editor.linkPlaceholder'),
      linkEditorExternalLink: t('editor.linkExternal'),
      linkEditorInternalLink: t('editor.linkInternal'),
      linkEditorSave: t('editor.linkSave'),
    }),
    [t],
  );
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [1, 2, 3] } }),
      Link.configure({ openOnClick: false }),
    ],
    content: initialHtml,
    autofocus: focusStart ? 'start' : false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  useEffect(() => {
    if (editor && resetTo) editor.commands.setContent(resetTo.html, { emitUpdate: false });
  }, [editor, resetTo]);

  return (
    <RichTextEditor editor={editor} labels={labels} className={classes.editor}>
      <RichTextEditor.Toolbar aria-label={t('composer.toolbar')}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.Blockquote />
          <RichTextEditor.Code />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
