import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminCommand, AdminCommands, AdminReply } from './commands';

/**
 * The running server's door for the admin command line: a Unix socket in a folder only the data
 * directory's owner may enter (0700), so whoever may use it could edit the database files anyway.
 * It never listens on the network. One JSON line in (an AdminCommand), one JSON line out.
 */

// Unix socket paths are limited to ~107 bytes; a deep DATA_DIR gets a folder in the temp dir.
const MAX_SOCKET_PATH = 100;

/** Where the server of this data directory listens for admin commands. */
export function adminSocketPath(dataDir: string): string {
  const inside = path.join(dataDir, 'run', 'admin.sock');
  if (inside.length <= MAX_SOCKET_PATH) return inside;
  const id = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  const uid = process.getuid?.() ?? 0;
  return path.join(tmpdir(), `ledgerdesk-${uid}-${id}`, 'admin.sock');
}

/** Serves admin commands on the data directory's socket until closed. */
export async function serveAdminCommands(
  dataDir: string,
  commands: AdminCommands,
  onError: (error: unknown) => void,
): Promise<{ close(): Promise<void> }> {
  const socketPath = adminSocketPath(dataDir);
  const folder = path.dirname(socketPath);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  // Left by a process that died: this one holds the data directory's lock, so it is nobody's.
  rmSync(socketPath, { force: true });

  const server: Server = createServer((socket) => {
    let input = '';
    let handled = false;
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      if (handled) return;
      input += chunk;
      const end = input.indexOf('\n');
      if (end < 0) {
        if (input.length > 64 * 1024) socket.destroy();
        return;
      }
      handled = true;
      const answer = (reply: AdminReply) => socket.end(`${JSON.stringify(reply)}\n`);
      let command: AdminCommand;
      try {
        command = JSON.parse(input.slice(0, end)) as AdminCommand;
      } catch {
        answer({ exitCode: 2, stderr: 'Not a command.\n' });
        return;
      }
      if (command.command !== 'reset-password' || typeof command.email !== 'string') {
        answer({ exitCode: 2, stderr: 'Not a command.\n' });
        return;
      }
      commands.run(command).then(answer, (error) => {
        onError(error);
        answer({ exitCode: 1, stderr: 'The server could not run the command: see its log.\n' });
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

export class AdminSocketUnreachable extends Error {}

/** Sends one command to the server that owns the data directory and returns its reply. */
export function sendAdminCommand(dataDir: string, command: AdminCommand): Promise<AdminReply> {
  const socketPath = adminSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    let output = '';
    let answered = false;
    const socket = createConnection(socketPath, () => socket.write(`${JSON.stringify(command)}\n`));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      output += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered) reject(new AdminSocketUnreachable(`${socketPath}: ${error.code ?? error.message}`));
    });
    socket.on('end', () => {
      answered = true;
      try {
        resolve(JSON.parse(output) as AdminReply);
      } catch {
        reject(new AdminSocketUnreachable(`${socketPath}: no answer`));
      }
    });
  });
}
