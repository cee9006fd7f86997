import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeError, loggerOptions, redactUrl } from '../../src/lib/logger';

/** A Fastify app logging with the server's options into a string. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const options = loggerOptions('info', false);
  const app = Fastify({ logger: { ...(options as object), stream } });
  return { log: app.log, output: () => lines.join('') };
}

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

describe('the server log', () => {
  it('redacts the authorization header, passwords, password hashes and tokens', () => {
    const { log, output } = capture();
    log.info(
      {
        req: { headers: { authorization: 'Bearer sess_secret-token', cookie: 'sid=abc' } },
        headers: { authorization: 'Bearer top-level-token' },
        password: 'hunter2-hunter2',
        passwordHash: HASH,
        token: 'reset-token-123',
        user: { email: 'ada@example.com', passwordHash: HASH, newPassword: 'new-secret-99' },
      },
      'something happened',
    );
    const text = output();
    expect(text).toContain('something happened');
    for (const secret of [
      'sess_secret-token',
      'sid=abc',
      'top-level-token',
      'hunter2',
      '$argon2',
      'reset-token-123',
      'new-secret-99',
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
    // Not everything is hidden: what helps to understand the event stays.
    expect(text).toContain('ada@example.com');
  });

  it("keeps a failed query's SQL but not its parameters", () => {
    const { log, output } = capture();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      code: '23505',
      detail: 'Key (email)=(admin@example.com) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['admin@example.com', HASH],
      cause,
    );
    log.error({ err: error }, 'request failed');
    const text = output();
    expect(text).toContain('insert into \\"users\\"');
    expect(text).toContain('duplicate key value');
    expect(text).toContain('23505');
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain('admin@example.com');
    expect(describeError(error)).not.toContain('$argon2');
  });

  it("hides a reset link's token in a logged URL", () => {
    expect(redactUrl('/reset-password?token=abc.def&next=%2F')).toBe(
      '/reset-password?token=[redacted]&next=%2F',
    );
    expect(redactUrl('/api/users/?search=ada')).toBe('/api/users/?search=ada');
    // A calendar feed's address is its secret.
    expect(redactUrl('/api/calendar/feed/Abc_123-xyz.ics')).toBe('/api/calendar/feed/[redacted]');
    expect(redactUrl('/api/calendar/feed')).toBe('/api/calendar/feed');
  });
});
