import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

/*
 * DejaVu Sans for the PDFs, from the @fontsource/dejavu-sans package (the whole font, Latin with its
 * extensions, Greek and Cyrillic, despite the file's "latin" name). The package ships WOFF, which
 * fontkit reads but inflates again at every glyph it looks up (a one-page invoice took 3 s): the
 * WOFF is turned once into the plain TrueType it wraps, and that is what pdfkit embeds.
 */

const require = createRequire(import.meta.url);

/** The sfnt (TrueType) inside a WOFF 1.0 file: each table inflated, in a standard table directory. */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF file.');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(flavor, 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    table.tag.copy(head, record);
    head.writeUInt32BE(table.checksum, record + 4);
    head.writeUInt32BE(offset, record + 8);
    head.writeUInt32BE(table.data.length, record + 12);
    // Each table starts on a 4-byte boundary.
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

let loaded: { regular: Buffer; bold: Buffer } | undefined;

/** The regular and bold faces as TrueType, read and unwrapped on first use. */
export function pdfFonts() {
  loaded ??= {
    regular: sfntOfWoff(
      readFileSync(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff')),
    ),
    bold: sfntOfWoff(
      readFileSync(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff')),
    ),
  };
  return loaded;
}
