/** Before `astro dev`: secrets, migrations and the first administrator in the local database. */
import { loadDotEnv, loadLocalSecrets } from './local-secrets.ts';
import { holdRuntimeFolderOrExit } from './local-runtime/folder-lock.ts';

const root = process.cwd();
// Refused at once when this folder's runtime (npm start, another npm run dev) is running: its
// database is not to be opened twice. Taken before the database's modules load (seconds on a
// busy PC); astro dev takes it again itself (astro.config.mjs).
const releaseFolder = holdRuntimeFolderOrExit(root, 'npm run dev');
const { openLocalDatabase } = await import('./local-database.ts');
const { checkSeedPassword, seedFirstAdmin } = await import('./seed-admin.ts');
loadDotEnv(root);
await checkSeedPassword();
loadLocalSecrets(root);
const close = await openLocalDatabase(root, 'npm run dev');
try {
  await seedFirstAdmin((line) => console.log(line));
} finally {
  await close();
  releaseFolder();
}
