/**
 * The checks behind the local runtime's patches (patches.ts): the emulator's internals they
 * replace or call are not a public interface, so a new version can drop or rename them, or
 * install a second copy of a package beside ours. Either would leave a patch silently missing.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { findPackageJSON } from 'node:module';
import { dirname } from 'node:path';

export interface PatchedPackage {
  name: string;
  version: string;
  /** Its package.json, for resolving what the package itself depends on. */
  packageJson: string;
}

export class PatchCheckError extends Error {
  override name = 'PatchCheckError';
}

const ADVICE = 'Check scripts/local-runtime/ after upgrading @netlify/dev.';

/** Throws unless `owner[member]` is a function for every member; `ownerName` says where in the package the owner is. */
export function expectFunctions(
  pkg: PatchedPackage,
  ownerName: string,
  owner: unknown,
  members: readonly string[],
): void {
  for (const member of members) {
    const value = owner === null || owner === undefined ? undefined : Reflect.get(Object(owner), member);
    if (typeof value !== 'function') {
      throw new PatchCheckError(
        `The local runtime patches ${pkg.name} ${pkg.version}: ${ownerName}.${member} is missing or not a function. ${ADVICE}`,
      );
    }
  }
}

/** The package `name` as resolved from `base` (a file or its URL), or undefined if it is not there. */
export function findPackage(name: string, base: string | URL): PatchedPackage | undefined {
  let packageJson: string | undefined;
  try {
    packageJson = findPackageJSON(name, base);
  } catch {
    return undefined;
  }
  if (!packageJson) return undefined;
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: string };
  return { name, version: version ?? 'of unknown version', packageJson: realpathSync(packageJson) };
}

/**
 * The package `name` as `user` (the package that runs it) resolves it, after checking that our
 * own import of it, resolved from `ours`, is that very copy: a patch applied to another copy
 * would change nothing the emulator runs.
 */
export function sameCopy(name: string, user: PatchedPackage, ours: string | URL): PatchedPackage {
  const theirs = findPackage(name, user.packageJson);
  if (!theirs)
    throw new PatchCheckError(
      `The local runtime patches ${name}, but ${user.name} ${user.version} does not depend on it any more. ${ADVICE}`,
    );
  const own = findPackage(name, ours);
  if (!own)
    throw new PatchCheckError(
      `The local runtime patches ${name} ${theirs.version}, but cannot import it itself: add it to package.json at that version. ${ADVICE}`,
    );
  if (own.packageJson !== theirs.packageJson) {
    throw new PatchCheckError(
      `The local runtime patches ${name} ${own.version} (${dirname(own.packageJson)}), but ${user.name} ${user.version} runs ${name} ${theirs.version} (${dirname(theirs.packageJson)}): ` +
        `pin ${name} in package.json to ${theirs.version}. ${ADVICE}`,
    );
  }
  return theirs;
}
