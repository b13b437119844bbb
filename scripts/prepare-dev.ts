/** Before `astro dev`: secrets, migrations and the first administrator in the local database. */
import { loadDotEnv, loadLocalSecrets } from './local-secrets.ts';
import { openLocalDatabase } from './local-database.ts';
import { checkSeedPassword, seedFirstAdmin } from './seed-admin.ts';

const root = process.cwd();
loadDotEnv(root);
await checkSeedPassword();
loadLocalSecrets(root);
const close = await openLocalDatabase(root);
try {
  await seedFirstAdmin((line) => console.log(line));
} finally {
  await close();
}
