/**
 * The local runtime's patches of Netlify's emulator, applied only through here and checked first:
 * every member they replace or call must exist and be a function, and the packages they patch
 * must be the copies @netlify/dev itself loads. A failure stops `npm start` with the package, its
 * version and the member at fault, instead of a runtime that quietly runs without a patch.
 * Members that only show up once the emulator runs (a function object's build, a runtime's
 * invokeFunction, the database's PGlite) are checked by the patch itself when it first meets them.
 */
import { createRequire } from 'node:module';
import * as netlifyDev from '@netlify/dev';
import * as databaseDev from '@netlify/database-dev';
import * as devUtils from '@netlify/dev-utils';
import * as functionsDev from '@netlify/functions-dev';
import * as pgGateway from 'pg-gateway/node';
import * as pgGatewayCore from 'pg-gateway';
import { expectFunctions, findPackage, PatchCheckError, sameCopy, type PatchedPackage } from './patch-check.ts';
import { isolateLocalDatabaseSessions } from './db-sessions.ts';
import { installWarmFunctions } from './warm-functions.ts';

function emulator(): PatchedPackage {
  const dev = findPackage('@netlify/dev', import.meta.url);
  if (!dev) throw new PatchCheckError('The local runtime patches @netlify/dev, but cannot find it: run npm install.');
  return dev;
}

function checkDatabaseSessions(dev: PatchedPackage): PatchedPackage {
  const database = sameCopy('@netlify/database-dev', dev, import.meta.url);
  expectFunctions(database, 'NetlifyDB.prototype', databaseDev.NetlifyDB?.prototype, ['handleConnection', 'start']);
  // The replacement speaks the wire protocol through our pg-gateway in place of the package's own.
  const gateway = sameCopy('pg-gateway', database, import.meta.url);
  expectFunctions(gateway, 'pg-gateway/node', pgGateway, ['fromNodeSocket']);
  expectFunctions(gateway, 'pg-gateway', pgGatewayCore, ['createScramSha256Data']);
  return database;
}

function checkWarmFunctions(dev: PatchedPackage): PatchedPackage {
  const functions = sameCopy('@netlify/functions-dev', dev, import.meta.url);
  expectFunctions(functions, 'FunctionsHandler.prototype', functionsDev.FunctionsHandler?.prototype, ['invoke']);
  const utils = sameCopy('@netlify/dev-utils', dev, import.meta.url);
  expectFunctions(utils, '@netlify/dev-utils', devUtils, ['shouldBase64Encode']);
  expectFunctions(dev, 'NetlifyDev.prototype', netlifyDev.NetlifyDev?.prototype, ['handleInEphemeralDirectory']);
  // The warm instances call lambda-local as the emulator's own worker does, from the emulator's dependencies.
  const lambdaLocal = findPackage('lambda-local', functions.packageJson);
  if (!lambdaLocal)
    throw new PatchCheckError(
      `The local runtime patches ${functions.name} ${functions.version}, which no longer depends on lambda-local.`,
    );
  expectFunctions(lambdaLocal, 'lambda-local', createRequire(functions.packageJson)('lambda-local'), [
    'execute',
    'getLogger',
  ]);
  return functions;
}

/** `npm start`, the tests and the bench: warm functions and one database session at a time. */
export function installLocalRuntimePatches(): void {
  const dev = emulator();
  const database = checkDatabaseSessions(dev);
  const functions = checkWarmFunctions(dev);
  isolateLocalDatabaseSessions(database);
  installWarmFunctions(functions);
}

/** A local database opened by a script (scripts/local-database.ts): one session at a time, behind a password. */
export function installLocalDatabasePatches(): void {
  isolateLocalDatabaseSessions(checkDatabaseSessions(emulator()));
}

/** `npm run dev` (the Vite plugin): the local database's patches; functions stay the emulator's own. */
export function installDevServerPatches(): void {
  installLocalDatabasePatches();
}
