/** The part of fs-native-extensions the local runtime uses (the package ships no types). */
declare module 'fs-native-extensions' {
  /** An exclusive lock on the whole file (shared with `{ shared: true }`): false at once when another holds it. */
  export function tryLock(fd: number, opts?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
