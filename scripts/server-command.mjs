// The command that runs the built server, read from the `start` script of package.json (its part
// after the build step), so that the browser tests and the benchmarks run the server exactly as
// `npm start` does, with the same Node flags.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const start = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
const command = start.split(' && ').at(-1);

/** [executable, ...args] of the server process; the executable is this Node. */
export function serverCommand() {
  const [node, ...args] = command.split(' ');
  if (node !== 'node') throw new Error(`the start script should end with "node …", not "${command}"`);
  return [process.execPath, ...args.map((arg) => (arg.endsWith('.js') ? path.join(root, arg) : arg))];
}
