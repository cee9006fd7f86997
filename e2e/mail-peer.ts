import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for the browser tests. The server under test sends to it; each
 * message lands as an .eml file in `dir`, where the tests (in other processes) read it.
 */
export async function startMailPeer(dir: string) {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        writeFileSync(path.join(dir, `${String(received).padStart(5, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mail = { to: string; subject: string; text: string; link: string | null };

/** The newest mail to `to` in `dir`, waiting up to `timeoutMs` for one to arrive after `since`. */
export async function readMailFrom(dir: string, to: string, since: Date, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = readdirSync(dir).sort().reverse();
    for (const file of files) {
      const mail = await simpleParser(readFileSync(path.join(dir, file)));
      const recipient = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
      if (recipient === to && (mail.date ?? new Date(0)).getTime() >= since.getTime() - 1000) {
        const text = mail.text ?? '';
        return { to, subject: mail.subject ?? '', text, link: /(https?:\/\/\S+)/.exec(text)?.[1] ?? null };
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
