/*
 * The demo files' bytes, made at seed time (nothing bundled): text and CSV, PDFs with pdfkit and
 * pictures with sharp. The same bytes on every run: fixed dates in the PDFs, no randomness.
 */

/** The PDFs' dates: the month the demo data is about (as the other areas' seeds). */
const SEED_DATE = new Date('2026-11-02T09:00:00Z');

/** A one-page PDF: a title and paragraphs, or a table of rows. */
export async function pdf(title: string, lines: string[], table?: string[][]): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: title, Author: 'Ledgerdesk', CreationDate: SEED_DATE, ModDate: SEED_DATE },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fillColor('#1f3a5f').fontSize(20).text(title);
    doc.moveDown(0.5).fillColor('#555555').fontSize(9).text('Ledgerdesk · demo document');
    doc.moveDown().fillColor('#222222').fontSize(11);
    for (const line of lines) doc.text(line).moveDown(0.4);
    if (table) {
      doc.moveDown();
      const widths = [220, 120, 120];
      for (const [i, row] of table.entries()) {
        const y = doc.y;
        let x = 56;
        doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica');
        for (const [c, cell] of row.entries()) {
          doc.text(cell, x, y, { width: widths[c] ?? 100, align: c === 0 ? 'left' : 'right' });
          x += widths[c] ?? 100;
        }
        doc.moveDown(0.3);
      }
    }
    doc.end();
  });
}

/** A picture: a two-colour gradient with a few shapes and a caption, as PNG or JPEG. */
export async function picture(
  caption: string,
  colours: [string, string],
  format: 'png' | 'jpeg',
  size: { width: number; height: number } = { width: 640, height: 420 },
): Promise<Buffer> {
  const { width, height } = size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.78}" cy="${height * 0.3}" r="${height * 0.16}" fill="#ffffff" fill-opacity="0.35"/>
  <path d="M0 ${height * 0.8} L${width * 0.3} ${height * 0.5} L${width * 0.55} ${height * 0.72} L${width * 0.75} ${height * 0.55} L${width} ${height * 0.85} L${width} ${height} L0 ${height} Z" fill="#000000" fill-opacity="0.25"/>
  <text x="32" y="${height - 32}" font-family="sans-serif" font-size="${Math.round(height / 14)}" fill="#ffffff">${caption}</text>
</svg>`;
  const { default: sharp } = await import('sharp');
  const image = sharp(Buffer.from(svg));
  return format === 'png'
    ? image.png({ compressionLevel: 9 }).toBuffer()
    : image.jpeg({ quality: 78, mozjpeg: false }).toBuffer();
}

/** Text as UTF-8 bytes. */
export const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** CSV lines (each cell quoted when it needs to be). */
export function csv(rows: (string | number)[][]): Buffer {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return utf8(`${rows.map((row) => row.map(cell).join(',')).join('\n')}\n`);
}
