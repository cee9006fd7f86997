import '@mantine/tiptap/styles.css';

import { DEFAULT_LABELS, Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Heading = 1 | 2 | 3;

/**
 * Rich text (Tiptap through @mantine/tiptap): bold, italic, underline, strike, headings, lists,
 * quote, code and links — what the server keeps of a mail's or a post's HTML. Only the pages that
 * write one import it, so Tiptap travels in their chunks, never in the shell's. Typing reports the
 * HTML ('' when empty) through `onChange`; `resetTo` replaces the text (a stored draft taken back).
 */
export function RichTextInput({
  initialHtml,
  onChange,
  onBlur,
  label,
  headings = [2],
  resetTo = null,
  focusStart = false,
  stickyToolbarOffset,
  minHeight,
  className,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The text box's accessible name. */
  label: string;
  /** The heading levels kept (from pasted text too); the toolbar offers levels 2 and 3 of them. */
  headings?: readonly Heading[];
  /** A new value to show instead of what is typed (changes of this prop only). */
  resetTo?: { html: string } | null;
  /** Put the caret at the start (a reply or forward: one writes above the quote). */
  focusStart?: boolean;
  /** Keep the toolbar in sight below a header of this height while a long text scrolls. */
  stickyToolbarOffset?: number;
  minHeight?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const labels = useMemo(
    () => ({
      ...DEFAULT_LABELS,
      boldControlLabel: t('richText.bold'),
      italicControlLabel: t('richText.italic'),
      underlineControlLabel: t('richText.underline'),
      strikeControlLabel: t('richText.strike'),
      codeControlLabel: t('richText.code'),
      h2ControlLabel: t('richText.h2'),
      h3ControlLabel: t('richText.h3'),
      bulletListControlLabel: t('richText.bulletList'),
      orderedListControlLabel: t('richText.orderedList'),
      blockquoteControlLabel: t('richText.blockquote'),
      linkControlLabel: t('richText.link'),
      unlinkControlLabel: t('richText.unlink'),
      undoControlLabel: t('richText.undo'),
      redoControlLabel: t('richText.redo'),
      clearFormattingControlLabel: t('richText.clear'),
      linkEditorInputLabel: t('richText.linkInput'),
      linkEditorInputPlaceholder: t('richText.linkPlaceholder'),
      linkEditorExternalLink: t('richText.linkExternal'),
      linkEditorInternalLink: t('richText.linkInternal'),
      linkEditorSave: t('richText.linkSave'),
    }),
    [t],
  );
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [...headings] } }),
      Link.configure({ openOnClick: false }),
    ],
    content: initialHtml,
    autofocus: focusStart ? 'start' : false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  useEffect(() => {
    if (editor && resetTo) editor.commands.setContent(resetTo.html, { emitUpdate: false });
  }, [editor, resetTo]);

  return (
    <RichTextEditor editor={editor} labels={labels} className={className}>
      <RichTextEditor.Toolbar
        sticky={stickyToolbarOffset !== undefined}
        stickyOffset={stickyToolbarOffset}
        aria-label={t('richText.toolbar')}
      >
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          {headings.includes(2) ? <RichTextEditor.H2 /> : null}
          {headings.includes(3) ? <RichTextEditor.H3 /> : null}
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
      <RichTextEditor.Content mih={minHeight} />
    </RichTextEditor>
  );
}
