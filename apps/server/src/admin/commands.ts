import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { generatePassword } from '../lib/passwords';
import type { AuthService } from '../modules/auth/service';

/** An operator's command (`npm run admin -- ...`), run by the server itself or by the command line. */
export type AdminCommand = { command: 'reset-password'; email: string; password?: string | undefined };

/** What the command line prints and its exit code. */
export type AdminReply = { exitCode: number; stdout?: string; stderr?: string };

export type AdminCommands = { run(command: AdminCommand): Promise<AdminReply> };

/**
 * The operator's commands on a database. The running server owns a PGlite data directory, so
 * there they run inside it (admin/socket.ts) through its own services: a new password works at once
 * and the sessions it revokes are forgotten by its caches too.
 */
export function createAdminCommands(deps: { db: Database; auth: AuthService }): AdminCommands {
  const { db, auth } = deps;
  return {
    async run(command) {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, command.email.trim().toLowerCase()));
      if (!user) return { exitCode: 1, stderr: `No account has the email ${command.email}.\n` };
      const password = command.password ?? generatePassword();
      await auth.setPassword(
        user.id,
        password,
        { id: null, label: 'command line', ip: '', requestId: '' },
        { action: 'password.reset' },
      );
      return {
        exitCode: 0,
        stdout: `The password of ${command.email} is now: ${password}\nEvery session of that account was signed out.\n`,
      };
    },
  };
}
