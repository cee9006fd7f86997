import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { generatePassword } from './lib/passwords';
import { createAuditService } from './modules/audit/service';
import { createAuthService } from './modules/auth/service';

const usage = `Usage: npm run admin -- reset-password <email> [--password <new password>]

  reset-password   Sets a new password for the account (generated unless given), revokes its
                   sessions and prints the password. For an operator who lost the admin's.
  The database is the one the server uses (DATABASE_URL, else PGlite in DATA_DIR).`;

async function main(args: string[]): Promise<number> {
  const [command, email, flag, value] = args;
  if (command !== 'reset-password' || !email || (flag !== undefined && (flag !== '--password' || !value))) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  if (value !== undefined && value.length < 8) {
    process.stderr.write('The password must be at least 8 characters.\n');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const [user] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()));
    if (!user) {
      process.stderr.write(`No account has the email ${email}.\n`);
      return 1;
    }
    const password = value ?? generatePassword();
    const auth = createAuthService({ db: database.db, config, audit: createAuditService(database.db) });
    await auth.setPassword(
      user.id,
      password,
      { id: null, label: 'command line', ip: '', requestId: '' },
      { action: 'password.reset' },
    );
    process.stdout.write(
      `The password of ${email} is now: ${password}\nEvery session of that account was signed out.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    const message =
      error instanceof ConfigError
        ? `Configuration error: ${error.message}`
        : String(error?.message ?? error);
    process.stderr.write(`${message}\n`);
    process.exit(1);
  },
);
