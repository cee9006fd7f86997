import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { contentDisposition, isInlineSafe, parseRange } from '../../src/lib/storage/send';
import { createUrlSigner } from '../../src/lib/storage/signing';
import { mimeOf, safeFileName } from '../../src/lib/storage/upload';

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=50-5000', { start: 50, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    // Answered with the whole body: several ranges, another unit, nonsense, a reversed range.
    ['bytes=0-1,5-6', null],
    ['items=0-1', null],
    ['bytes=-', null],
    ['bytes=9-3', null],
    [undefined, null],
  ])('%s of 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('inline', 'Été "2026"\\x.pdf')).toBe(
      `inline; filename="_t_ _2026__x.pdf"; filename*=UTF-8''%C3%89t%C3%A9%20%222026%22%5Cx.pdf`,
    );
    expect(contentDisposition('attachment', "it's (1).txt")).toBe(
      `attachment; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`,
    );
  });
});

describe('isInlineSafe', () => {
  it('shows raster images, PDF, media and plain text; never HTML, SVG or XML', () => {
    for (const mime of [
      'image/png',
      'image/jpeg',
      'application/pdf',
      'video/mp4',
      'audio/mpeg',
      'text/plain',
    ])
      expect(isInlineSafe(mime), mime).toBe(true);
    for (const mime of [
      'text/html',
      'image/svg+xml',
      'application/xml',
      'application/octet-stream',
      'application/zip',
    ])
      expect(isInlineSafe(mime), mime).toBe(false);
  });
});

describe('mimeOf', () => {
  it('reads the type from the content', async () => {
    expect(await mimeOf(Buffer.from('<html><script>alert(1)</script></html>'))).toBe('text/plain');
    expect(await mimeOf(Buffer.from('%PDF-1.7\n1 0 obj'))).toBe('application/pdf');
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await mimeOf(png)).toBe('image/png');
    expect(await mimeOf(Buffer.from([0x13, 0x37, 0x00, 0x42, 0x99]))).toBe('application/octet-stream');
    // Valid UTF-8 cut in the middle of a character by the sample's end is still text.
    expect(await mimeOf(Buffer.from('déjà vu').subarray(0, 2))).toBe('text/plain');
  });
});

describe('safeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\cv.docx', 'cv.docx'],
    ['tab\there\u0000.txt', 'tabhere.txt'],
    ['  spaced  ', 'spaced'],
    ['', 'file'],
    [undefined, 'file'],
    ['.', 'file'],
    [`${'a'.repeat(400)}.jpeg`, `${'a'.repeat(250)}.jpeg`],
  ])('%j → %j', (raw, kept) => {
    expect(safeFileName(raw)).toBe(kept);
  });
});

describe('signed URLs', () => {
  const key = randomBytes(32);
  const id = '3f1c6a8e-4f7b-4c1e-9a55-2c3b1d0e9f10';

  it('are the same within an hour, valid for one to two hours', () => {
    const at = Date.UTC(2026, 10, 24, 10, 5);
    const early = createUrlSigner(key, () => at).url(id, 'content');
    expect(createUrlSigner(key, () => at + 50 * 60_000).url(id, 'content')).toBe(early);
    const [, expires = '', sig = ''] = /expires=(\d+)&sig=(.+)$/.exec(early) ?? [];
    expect(Number(expires) * 1000).toBe(Date.UTC(2026, 10, 24, 12));
    expect(createUrlSigner(key, () => at + 110 * 60_000).verify(id, 'content', expires, sig)).toBe(true);
    expect(createUrlSigner(key, () => at + 115 * 60_000).verify(id, 'content', expires, sig)).toBe(false);
    expect(createUrlSigner(key, () => at).verify(id, 'thumbnail', expires, sig)).toBe(false);
    expect(createUrlSigner(randomBytes(32), () => at).verify(id, 'content', expires, sig)).toBe(false);
    // An expiry far ahead is refused even with its signature (no URL lives longer than two hours).
    const late = createUrlSigner(key, () => at + 30 * 24 * 3600_000).url(id, 'content');
    const [, lateExpires = '', lateSig = ''] = /expires=(\d+)&sig=(.+)$/.exec(late) ?? [];
    expect(createUrlSigner(key, () => at).verify(id, 'content', lateExpires, lateSig)).toBe(false);
    expect(createUrlSigner(key, () => at).verify(id, 'content', 'soon', sig)).toBe(false);
  });
});

describe('upload settings', () => {
  it('have the defaults of the design, and read each variable', () => {
    expect(loadConfig({})).toMatchObject({
      maxUploadBytes: 50 * 1024 * 1024,
      maxUploadFiles: 20,
      uploadQuotaBytes: 2048 * 1024 * 1024,
    });
    expect(loadConfig({ MAX_UPLOAD_MB: '0.5', MAX_UPLOAD_FILES: '3', UPLOAD_QUOTA_MB: '10' })).toMatchObject({
      maxUploadBytes: 512 * 1024,
      maxUploadFiles: 3,
      uploadQuotaBytes: 10 * 1024 * 1024,
    });
  });

  it.each([
    ['MAX_UPLOAD_MB', 'lots', /^MAX_UPLOAD_MB must be a number of megabytes/],
    ['MAX_UPLOAD_MB', '0', /^MAX_UPLOAD_MB must be more than 0/],
    ['MAX_UPLOAD_FILES', '2.5', /^MAX_UPLOAD_FILES must be a whole number/],
    ['MAX_UPLOAD_FILES', '0', /^MAX_UPLOAD_FILES must be at least 1/],
    ['UPLOAD_QUOTA_MB', '-1', /^UPLOAD_QUOTA_MB must be more than 0/],
  ])('%s=%s is refused', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
