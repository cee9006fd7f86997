import {
  IconFile,
  IconFileCode,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconFileZip,
  IconMovie,
  IconMusic,
  IconPhoto,
  IconPresentation,
  type TablerIcon,
} from '@tabler/icons-react';

/** The look of a file's type: an icon and a colour of the theme. */
interface FileLook {
  icon: TablerIcon;
  color: string;
}

const looks: [RegExp, FileLook][] = [
  [/^image\//, { icon: IconPhoto, color: 'grape' }],
  [/^video\//, { icon: IconMovie, color: 'pink' }],
  [/^audio\//, { icon: IconMusic, color: 'orange' }],
  [/^application\/pdf$/, { icon: IconFileTypePdf, color: 'red' }],
  [/(spreadsheet|excel|csv)/, { icon: IconFileSpreadsheet, color: 'green' }],
  [/(presentation|powerpoint)/, { icon: IconPresentation, color: 'orange' }],
  [/(wordprocessing|msword|opendocument\.text|rtf)/, { icon: IconFileTypeDoc, color: 'blue' }],
  [/(zip|gzip|x-tar|x-7z|rar|compressed)/, { icon: IconFileZip, color: 'yellow' }],
  [/(json|javascript|xml|html|x-sh)/, { icon: IconFileCode, color: 'cyan' }],
  [/^text\//, { icon: IconFileText, color: 'blue' }],
];
const otherLook: FileLook = { icon: IconFile, color: 'gray' };

/** The icon and colour of a detected type ("image/png", "application/pdf"…). */
export function fileLookOf(mime: string): FileLook {
  return looks.find(([pattern]) => pattern.test(mime))?.[1] ?? otherLook;
}

/** A file type's icon in its colour (decorative: the file's name says what it is). */
export function FileIcon({ mime, size = 20 }: { mime: string; size?: number }) {
  const { icon: Icon, color } = fileLookOf(mime);
  return <Icon size={size} stroke={1.6} color={`var(--mantine-color-${color}-6)`} aria-hidden />;
}
