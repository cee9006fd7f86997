import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string;
  subject: string;
  text: string;
  link: string | null;
  /** The HTML part ('' without one), the From, Cc and Reply-To headers as text. */
  html: string;
  from: string;
  cc: string;
  replyTo: string;
  /** Every address of the SMTP envelope (blind copies included, which no header shows). */
  envelope: string[];
  /** Files sent with it (an invitation's .ics), their content as text. */
  attachments: { filename: string; contentType: string; content: string }[];
};

/**
 * A real SMTP server on loopback that keeps what it receives, parsed. `port` 0 takes a free one;
 * a test that stops the server and starts it again passes its old port.
 */
export async function startSmtpPeer(port = 0) {
  const inbox: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const text = mail.text ?? '';
          const to = Array.isArray(mail.to) ? (mail.to[0]?.text ?? '') : (mail.to?.text ?? '');
          const cc = Array.isArray(mail.cc) ? (mail.cc[0]?.text ?? '') : (mail.cc?.text ?? '');
          inbox.push({
            to,
            subject: mail.subject ?? '',
            text,
            link: /(https?:\/\/\S+)/.exec(text)?.[1] ?? null,
            html: typeof mail.html === 'string' ? mail.html : '',
            from: mail.from?.text ?? '',
            cc,
            replyTo: mail.replyTo?.text ?? '',
            envelope: session.envelope.rcptTo.map((r) => r.address),
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content.toString('utf8'),
            })),
          });
          for (const wake of waiting.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    port: listening,
    inbox,
    /** The first mail to `to` that arrives after `since` mails, waiting up to 5 s for it. */
    async next(to: string, since = 0): Promise<ReceivedMail> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const mail = inbox.slice(since).find((m) => m.to === to);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
