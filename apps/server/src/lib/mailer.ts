import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import { redactUrl } from './logger';

/** A file sent with a message (an invitation's .ics, a mail's attachment): its content and type. */
export type MailAttachment = { filename: string; content: string | Buffer; contentType: string };

/** A message: paragraphs of text, at most one link to act on, and files. */
export type Mail = {
  to: string | string[];
  cc?: string[];
  /** Blind copies: in the envelope only, never in the headers. */
  bcc?: string[];
  /** A user's own mail: their name beside MAIL_FROM's address (the product may not send as their domain). */
  fromName?: string;
  /** Where an answer goes (a user's own mail: their address). */
  replyTo?: string;
  subject: string;
  paragraphs: string[];
  /** A user's own mail: its body as they wrote it (sanitised HTML); `paragraphs` then hold its text. */
  html?: string;
  action?: { label: string; url: string };
  attachments?: MailAttachment[];
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function render(mail: Mail) {
  if (mail.html !== undefined) return { text: mail.paragraphs.join('\n\n'), html: mail.html };
  const text = [
    ...mail.paragraphs,
    ...(mail.action ? [`${mail.action.label}: ${mail.action.url}`] : []),
  ].join('\n\n');
  const html = [
    ...mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(mail.action
      ? [`<p><a href="${escapeHtml(mail.action.url)}">${escapeHtml(mail.action.label)}</a></p>`]
      : []),
  ].join('\n');
  return { text, html };
}
/** The address of a "Name <address>" (or of a bare address). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

type Log = { info(msg: string): void; error(obj: object, msg: string): void };

/**
 * Sends mail over SMTP_URL; the product sends through the outbox (lib/outbox.ts), never from a
 * request. Without SMTP_URL, each message is written as an .eml file to DATA_DIR/outbox and
 * announced in the log, so a developer can open it and follow its link.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: Log) {
  // A send never takes longer than about a minute, well under the outbox's lease (lib/outbox.ts):
  // a hung mail server makes the attempt fail and retry instead of holding the row.
  let transporter: Promise<Transporter> | undefined;
  // nodemailer is loaded with the first mail, not at start: most processes idle without sending.
  const transport = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      config.smtpUrl
        ? nodemailer.createTransport({
            url: config.smtpUrl,
            connectionTimeout: 15_000,
            greetingTimeout: 15_000,
            socketTimeout: 30_000,
          })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const outbox = path.join(config.dataDir, 'outbox');

  return {
    async send(mail: Mail): Promise<void> {
      const info = await (await transport()).sendMail({
        from: mail.fromName ? { name: mail.fromName, address: addressOf(config.mailFrom) } : config.mailFrom,
        to: mail.to,
        ...(mail.cc?.length ? { cc: mail.cc } : {}),
        ...(mail.bcc?.length ? { bcc: mail.bcc } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        ...render(mail),
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
      if (config.smtpUrl) return;
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      log.info(`No SMTP_URL: mail "${mail.subject}" to ${mail.to} written to ${file}`);
      // The link's token is a credential: the log shows where the link goes, the .eml file has it.
      if (mail.action)
        log.info(`${mail.action.label}: ${redactUrl(mail.action.url)} (the link is in the file)`);
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
