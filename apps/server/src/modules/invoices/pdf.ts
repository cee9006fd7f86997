import type { InvoiceRecord, InvoiceStatus, Language } from '@ledgerdesk/contracts';
import { pdfFonts } from './pdf-font';

/*
 * The invoice as an A4 PDF, with the same figures as the invoice page: every amount is the one the
 * server computed and stored (invoiceTotals), formatted as the page formats it (Intl, 2 decimals;
 * quantities up to 3; dates medium, in UTC). Only layout happens here, never arithmetic.
 *
 * pdfkit's standard fonts are WinAnsi only ("Łukasz" comes out garbled), so DejaVu Sans is embedded
 * (subset to the glyphs used; see pdf-font.ts): Latin with its extensions, Greek and Cyrillic. It
 * has no CJK glyphs: such characters show as empty boxes.
 */

type Labels = {
  office: string;
  title: string;
  issueDate: string;
  dueDate: string;
  from: string;
  billTo: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  discount: string;
  taxAt: (rate: string) => string;
  shipping: string;
  total: string;
  paymentMethod: string;
  notes: string;
  page: (n: number, of: number) => string;
  status: Record<InvoiceStatus, string>;
  paymentMethods: Record<NonNullable<InvoiceRecord['paymentMethod']>, string>;
};

/** The words of the page, in the languages of the app (features/invoices/locales says the same). */
const labels: Record<Language, Labels> = {
  en: {
    office: 'Ledgerdesk budgeting office',
    title: 'Invoice',
    issueDate: 'Issue date',
    dueDate: 'Due date',
    from: 'From',
    billTo: 'Bill to',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    taxAt: (rate) => `Tax (${rate} %)`,
    shipping: 'Shipping',
    total: 'Total',
    paymentMethod: 'Payment method',
    notes: 'Notes',
    page: (n, of) => `Page ${n} of ${of}`,
    status: { Paid: 'Paid', Unpaid: 'Unpaid', Pending: 'Pending', Cancelled: 'Cancelled' },
    paymentMethods: {
      'Bank transfer': 'Bank transfer',
      'Credit card': 'Credit card',
      'Debit card': 'Debit card',
      PayPal: 'PayPal',
      Cash: 'Cash',
      Cheque: 'Cheque',
    },
  },
  fr: {
    office: 'Bureau budgétaire Ledgerdesk',
    title: 'Facture',
    issueDate: 'Date d’émission',
    dueDate: 'Échéance',
    from: 'De',
    billTo: 'Facturer à',
    description: 'Description',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total',
    discount: 'Remise',
    taxAt: (rate) => `Taxe (${rate} %)`,
    shipping: 'Frais de port',
    total: 'Total',
    paymentMethod: 'Moyen de paiement',
    notes: 'Notes',
    page: (n, of) => `Page ${n} sur ${of}`,
    status: { Paid: 'Payée', Unpaid: 'Impayée', Pending: 'En attente', Cancelled: 'Annulée' },
    paymentMethods: {
      'Bank transfer': 'Virement',
      'Credit card': 'Carte de crédit',
      'Debit card': 'Carte de débit',
      PayPal: 'PayPal',
      Cash: 'Espèces',
      Cheque: 'Chèque',
    },
  },
};

const statusColors: Record<InvoiceStatus, string> = {
  Paid: '#2f9e44',
  Unpaid: '#e03131',
  Pending: '#f08c00',
  Cancelled: '#868e96',
};

const ink = '#212529';
const dimmed = '#868e96';
const rule = '#dee2e6';
const band = '#f1f3f5';

/** The same Intl formats as the web's lib/format.ts. */
function formatsOf(language: Language) {
  const money = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const quantity = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    money: (value: string) => money.format(value as Intl.StringNumericLiteral),
    quantity: (value: string) => quantity.format(value as Intl.StringNumericLiteral),
    day: (value: string) => day.format(new Date(value)),
  };
}

/** "INV-2026-00042.pdf": the number is made by the server (letters, digits and dashes). */
export const invoicePdfName = (invoice: InvoiceRecord) => `${invoice.invoiceNumber}.pdf`;

/** The PDF document of an invoice, as a stream to pipe into the reply (it ends by itself). */
export async function invoicePdf(
  invoice: InvoiceRecord,
  options: { language: Language },
): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  const t = labels[options.language];
  const format = formatsOf(options.language);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: { Title: `${t.title} ${invoice.invoiceNumber}`, Author: t.office, Subject: invoice.customerName },
    lang: options.language,
  });
  const fonts = pdfFonts();
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  // The head: who sends it, and which invoice it is.
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(dimmed)
    .text(t.office.toUpperCase(), left, 50, { width: width / 2 });
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(ink)
    .text(`${t.title} ${invoice.invoiceNumber}`, left, 72, { width });
  const dates = [
    `${t.issueDate}: ${format.day(invoice.issueDate)}`,
    invoice.dueDate ? `${t.dueDate}: ${format.day(invoice.dueDate)}` : null,
  ]
    .filter(Boolean)
    .join('   ·   ');
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(dimmed)
    .text(dates, left, doc.y + 4, { width });
  const partiesTop = doc.y + 24;

  // The status, as a badge in the top right corner.
  const status = t.status[invoice.status];
  doc.font('bold').fontSize(10);
  const badgeWidth = doc.widthOfString(status) + 20;
  const badgeLeft = left + width - badgeWidth;
  doc.roundedRect(badgeLeft, 48, badgeWidth, 20, 10).fill(statusColors[invoice.status]);
  doc
    .fillColor('#ffffff')
    .text(status, badgeLeft, 53, { width: badgeWidth, align: 'center', lineBreak: false });

  // From / bill to, side by side.
  const column = (x: number, heading: string, lines: { text: string; bold?: boolean }[]) => {
    doc
      .font('bold')
      .fontSize(8)
      .fillColor(dimmed)
      .text(heading.toUpperCase(), x, partiesTop, {
        width: width / 2 - 10,
        characterSpacing: 0.5,
      });
    doc.moveDown(0.3);
    for (const line of lines) {
      doc
        .font(line.bold ? 'bold' : 'regular')
        .fontSize(10)
        .fillColor(ink)
        .text(line.text, x, doc.y, { width: width / 2 - 10 });
    }
    return doc.y;
  };
  const fromBottom = column(left, t.from, [{ text: t.office }]);
  const toBottom = column(left + width / 2, t.billTo, [
    { text: invoice.customerName, bold: true },
    ...[invoice.customerAddress, invoice.customerEmail, invoice.customerPhone]
      .filter(Boolean)
      .map((text) => ({ text })),
  ]);

  // The lines: description wraps; the figures are right-aligned in their columns.
  const columns = [
    { key: 'description', title: t.description, width: width - 3 * 95, align: 'left' },
    { key: 'quantity', title: t.quantity, width: 95, align: 'right' },
    { key: 'unitPrice', title: t.unitPrice, width: 95, align: 'right' },
    { key: 'amount', title: t.amount, width: 95, align: 'right' },
  ] as const;
  const padding = 6;
  const row = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(10);
    const height =
      Math.max(
        ...cells.map((cell, i) =>
          doc.heightOfString(cell, { width: (columns[i]?.width ?? 0) - 2 * padding }),
        ),
      ) +
      2 * padding;
    return {
      height,
      draw(top: number) {
        let x = left;
        cells.forEach((cell, i) => {
          const col = columns[i];
          if (!col) return;
          doc
            .font(font)
            .fontSize(10)
            .fillColor(ink)
            .text(cell, x + padding, top + padding, { width: col.width - 2 * padding, align: col.align });
          x += col.width;
        });
      },
    };
  };
  const header = () => {
    const head = row(
      columns.map((c) => c.title),
      'bold',
    );
    const top = doc.y;
    doc.rect(left, top, width, head.height).fill(band);
    head.draw(top);
    doc.y = top + head.height;
  };
  doc.y = Math.max(fromBottom, toBottom) + 28;
  header();
  for (const line of invoice.lines) {
    const body = row(
      [
        line.description,
        format.quantity(line.quantity),
        format.money(line.unitPrice),
        format.money(line.amount),
      ],
      'regular',
    );
    // A line that does not fit goes to the next page, under the header again.
    if (doc.y + body.height > bottom()) {
      doc.addPage();
      doc.y = doc.page.margins.top;
      header();
    }
    const top = doc.y;
    body.draw(top);
    doc
      .moveTo(left, top + body.height)
      .lineTo(left + width, top + body.height)
      .lineWidth(0.5)
      .strokeColor(rule)
      .stroke();
    doc.y = top + body.height;
  }

  // The totals, under the amounts column, as the page shows them.
  const totals: [string, string][] = [
    [t.subtotal, invoice.subtotal],
    [t.discount, invoice.discount],
    [t.taxAt(invoice.taxRate), invoice.tax],
    [t.shipping, invoice.shipping],
  ];
  const totalsWidth = 240;
  const totalsLeft = left + width - totalsWidth;
  if (doc.y + 16 + 18 * totals.length + 34 > bottom()) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
  let y = doc.y + 14;
  const figure = (label: string, value: string, font: 'regular' | 'bold', size: number) => {
    doc.font(font).fontSize(size).fillColor(ink);
    doc.text(label, totalsLeft, y, { width: totalsWidth / 2, lineBreak: false });
    doc.text(value, totalsLeft + totalsWidth / 2, y, {
      width: totalsWidth / 2,
      align: 'right',
      lineBreak: false,
    });
    y += size + 8;
  };
  for (const [label, value] of totals) figure(label, format.money(value), 'regular', 10);
  doc
    .moveTo(totalsLeft, y)
    .lineTo(left + width, y)
    .lineWidth(1)
    .strokeColor(ink)
    .stroke();
  y += 8;
  figure(t.total, format.money(invoice.total), 'bold', 13);

  // Payment method and notes, full width below.
  doc.y = y + 16;
  const paragraph = (heading: string, text: string) => {
    // The heading stays with (the start of) its text.
    if (doc.y + 40 > bottom()) {
      doc.addPage();
      doc.y = doc.page.margins.top;
    }
    doc.font('bold').fontSize(8).fillColor(dimmed).text(heading.toUpperCase(), left, doc.y, { width });
    doc.moveDown(0.2);
    doc.font('regular').fontSize(10).fillColor(ink).text(text, left, doc.y, { width });
    doc.moveDown(0.8);
  };
  if (invoice.paymentMethod) paragraph(t.paymentMethod, t.paymentMethods[invoice.paymentMethod]);
  if (invoice.notes) paragraph(t.notes, invoice.notes);

  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const footerTop = doc.page.height - 36;
    // Writing in the margin: keep pdfkit from opening a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(dimmed)
      .text(`${invoice.invoiceNumber} · ${t.page(i + 1, range.count)}`, left, footerTop, {
        width,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return doc;
}
