/**
 * The server's part of each kind in src/features/kinds.ts, under the same names (each kind
 * folder's kind.server.ts, listed by scripts/kinds-registry.ts in kinds.server.generated.ts): a kind
 * missing here, or one here that the list does not have, does not type-check.
 */
import type { ServerKind } from '../server/record-kind.ts';
import type { KindName } from './kinds.ts';
import { GENERATED_SERVER_KINDS } from './kinds.server.generated.ts';

export const SERVER_KINDS: { readonly [K in KindName]: ServerKind } = GENERATED_SERVER_KINDS;
