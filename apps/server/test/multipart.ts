import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { TestContext } from './context';

/** A small PNG of one colour (another colour, other bytes). */
export const png = (colour: string, width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A multipart/form-data body of files (name, bytes, declared type) for `app.inject`. */
export function multipart(parts: { name: string; content: Buffer | string; type?: string }[]) {
  const boundary = `----ledgerdesk-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.name}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `files` as one multipart request through inject, each `[file name, bytes]`. */
export function sendFiles(
  ctx: TestContext,
  token: string,
  url: string,
  parts: [name: string, bytes: Buffer][],
) {
  const body = multipart(parts.map(([name, content]) => ({ name, content })));
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
}
