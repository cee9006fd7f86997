import { inflateSync } from 'node:zlib';

/*
 * The text of a PDF made by pdfkit with embedded fonts, enough for tests: pdfkit writes no object
 * streams, so objects are found by their `n 0 obj` headers; a font's text is glyph codes in hex,
 * turned back into characters by the font's ToUnicode CMap. Text runs come out in drawing order,
 * one per line.
 */

type PdfObject = { dict: string; stream: Buffer | null };

function objectsOf(pdf: Buffer): Map<string, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<string, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const [, id = '', body = ''] = match;
    const start = body.indexOf('stream');
    if (start < 0) {
      objects.set(id, { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, start);
    const from = body.indexOf('\n', start) + 1;
    const raw = Buffer.from(body.slice(from, body.lastIndexOf('endstream')).replace(/\r?\n$/, ''), 'latin1');
    objects.set(id, { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  return objects;
}

/** Glyph code (hex, 4 digits) → text, from a ToUnicode CMap. */
function cmapOf(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const decode = (hex: string) => {
    const units =
      hex
        .replace(/\s/g, '')
        .match(/.{4}/g)
        ?.map((u) => Number.parseInt(u, 16)) ?? [];
    return String.fromCharCode(...units);
  };
  for (const [, first = '', , list = ''] of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
    const start = Number.parseInt(first, 16);
    // A ligature maps to several characters: <0066 0066 0069> is "ffi".
    [...list.matchAll(/<([0-9a-f\s]+)>/gi)].forEach(([, hex = ''], i) => {
      map.set((start + i).toString(16).padStart(4, '0'), decode(hex));
    });
  }
  for (const [, code = '', hex = ''] of cmap.matchAll(/^<([0-9a-f]{4})>\s*<([0-9a-f]+)>$/gim)) {
    map.set(code.toLowerCase(), decode(hex));
  }
  return map;
}

export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf);
  const cmaps = new Map<string, Map<string, string>>();
  const fontNames = new Map<string, string>();
  for (const { dict } of objects.values()) {
    for (const [, name = '', ref = ''] of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontNames.set(name, ref);
  }
  const cmapOfFont = (name: string) => {
    const ref = fontNames.get(name) ?? '';
    const found = cmaps.get(ref);
    if (found) return found;
    const unicodeRef = /\/ToUnicode (\d+) 0 R/.exec(objects.get(ref)?.dict ?? '')?.[1] ?? '';
    const map = cmapOf(objects.get(unicodeRef)?.stream?.toString('latin1') ?? '');
    cmaps.set(ref, map);
    return map;
  };
  const lines: string[] = [];
  for (const { dict, stream } of objects.values()) {
    if (!stream || dict.includes('/Subtype') || dict.includes('/Length1')) continue;
    const content = stream.toString('latin1');
    if (!content.includes('Tf')) continue;
    let font = new Map<string, string>();
    for (const [, name, array, single] of content.matchAll(
      /\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-f]*)> Tj/gi,
    )) {
      if (name) {
        font = cmapOfFont(name);
        continue;
      }
      const hexes = array ? [...array.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1] ?? '') : [single ?? ''];
      const codes = hexes.join('').match(/.{4}/g) ?? [];
      lines.push(codes.map((code) => font.get(code.toLowerCase()) ?? '?').join(''));
    }
  }
  return lines.join('\n');
}
