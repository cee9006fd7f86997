import { type AdminCommand, type AdminReply, createAdminCommands } from './admin/commands';
import { AdminSocketUnreachable, sendAdminCommand } from './admin/socket';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirBusyError, dataDirOwner } from './db/data-dir-lock';
import { describeError } from './lib/logger';
import { createAuditService } from './modules/audit/service';
import { createAuthService } from './modules/auth/service';
import { createTwoStepService } from './modules/two-step/service';

const usage = `Usage: npm run admin -- reset-password <email> [--password <new password>]

  reset-password   Sets a new password for the account (generated unless given), revokes its
                   sessions and prints the password. For an operator who lost the admin's.
  The database is the one the server uses (DATABASE_URL, else PGlite in DATA_DIR). With PGlite,
  while the server runs, the command is carried out by the server itself (it owns DATA_DIR).`;

/** Without the server: this process opens the database itself (and, on PGlite, locks DATA_DIR). */
async function runHere(config: Config, command: AdminCommand): Promise<AdminReply> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.exclusive(() => database.migrate());
    const audit = createAuditService(database.db);
    const twoStep = createTwoStepService({ db: database.db, audit });
    const auth = createAuthService({ db: database.db, config, audit, twoStep });
    return await createAdminCommands({ db: database.db, auth }).run(command);
  } finally {
    await database.close();
  }
}

/** With PGlite and a running server: the server owns DATA_DIR, so it runs the command. */
async function runInServer(config: Config, command: AdminCommand): Promise<AdminReply> {
  try {
    return await sendAdminCommand(config.dataDir, command);
  } catch (error) {
    if (!(error instanceof AdminSocketUnreachable)) throw error;
    const owner = dataDirOwner(config.dataDir);
    const who = owner ? `pid ${owner.pid} on ${owner.host}, since ${owner.since}` : 'another process';
    return {
      exitCode: 1,
      stderr: `A Ledgerdesk server (${who}) owns ${config.dataDir} but does not answer its admin commands (${error.message}): wait until it is ready and try again, or stop it first.\n`,
    };
  }
}

async function main(args: string[]): Promise<number> {
  const [name, email, flag, value] = args;
  if (name !== 'reset-password' || !email || (flag !== undefined && (flag !== '--password' || !value))) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  if (value !== undefined && value.length < 8) {
    process.stderr.write('The password must be at least 8 characters.\n');
    return 2;
  }
  const config = loadConfig();
  const command: AdminCommand = { command: 'reset-password', email, password: value };
  const throughServer = !config.databaseUrl && dataDirOwner(config.dataDir) !== undefined;
  let reply: AdminReply;
  try {
    reply = await (throughServer ? runInServer(config, command) : runHere(config, command));
  } catch (error) {
    // A server started between the check and the opening: the command goes to it.
    if (!(error instanceof DataDirBusyError)) throw error;
    reply = await runInServer(config, command);
  }
  if (reply.stdout) process.stdout.write(reply.stdout);
  if (reply.stderr) process.stderr.write(reply.stderr);
  return reply.exitCode;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    const message =
      error instanceof ConfigError ? `Configuration error: ${error.message}` : describeError(error);
    process.stderr.write(`${message}\n`);
    process.exit(1);
  },
);
