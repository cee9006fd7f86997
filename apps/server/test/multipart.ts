import sharp from 'sharp';
import type { TestContext } from './context';

/** A small PNG of one colour (another colour, other bytes). */
export const png = (colour: string, width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** `files` as one multipart/form-data request body through inject, each `[file name, bytes]`. */
export function sendFiles(
  ctx: TestContext,
  token: string,
  url: string,
  parts: [name: string, bytes: Buffer][],
) {
  const boundary = `----ledgerdesk${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap(([name, bytes]) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
  });
}
