/**
 * Administrator accounts from the command line:
 *   npm run admin -- create --email E [--name N] [--role office|principal]   (a principal unless told)
 *   npm run admin -- password --email E
 * The password comes from ADMIN_PASSWORD or a hidden prompt. The database is DATABASE_URL
 * (production: a Neon URL), else the running `npm start` runtime's, else the local one on disk.
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { loadDotEnv } from './local-secrets.ts';
import { openLocalDatabase } from './local-database.ts';
import { passwordProblem } from '../src/features/auth/passwords.ts';
import { ROLES, isRole } from '../src/lib/roles.ts';

const USAGE = `Usage: npm run admin -- create --email E [--name N] [--role ${ROLES.join('|')}] | password --email E`;

async function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error('Set ADMIN_PASSWORD or run this in a terminal to be asked.');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  let muted = false;
  output._writeToOutput = (s: string) => {
    if (!muted || s.includes('\n')) process.stdout.write(muted ? '\n' : s);
  };
  const answer = new Promise<string>((resolve) => rl.question(question, resolve));
  muted = true;
  const value = await answer;
  rl.close();
  return value;
}

async function readPassword(): Promise<string> {
  const password = process.env.ADMIN_PASSWORD || (await askHidden('New password: '));
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  return password;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'principal' } },
  });
  const [command] = positionals;
  const { role } = values;
  if (!values.email || (command !== 'create' && command !== 'password') || !isRole(role)) {
    console.error(USAGE);
    return 2;
  }
  const root = process.cwd();
  loadDotEnv(root);
  const password = await readPassword();
  const close = await openLocalDatabase(root);
  const { closePool } = await import('../src/server/db.ts');
  const admins = await import('../src/features/auth/admins.server.ts');
  try {
    if (command === 'create') {
      if (await admins.findAdminByEmail(values.email)) {
        console.error(`An administrator with e-mail ${values.email} exists already.`);
        return 1;
      }
      await admins.createAdmin(values.email, password, values.name, role);
      console.log(`Created administrator ${admins.normaliseEmail(values.email)} (${role}).`);
    } else {
      if (!(await admins.setAdminPassword(values.email, password))) {
        console.error(`No administrator with e-mail ${values.email}.`);
        return 1;
      }
      console.log(`Password changed for ${admins.normaliseEmail(values.email)}; their sessions are signed out.`);
    }
    return 0;
  } finally {
    await closePool();
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
