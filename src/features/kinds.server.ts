/**
 * The server's part of each kind in src/features/kinds.ts, under the same names: a kind missing
 * here, or one here that the list does not have, does not type-check.
 */
import type { ServerKind } from '../server/record-kind.ts';
import type { KindName } from './kinds.ts';
import { ENQUIRY_SERVER } from './enquiry/kind.server.ts';
import { ADMISSION_SERVER } from './admission/kind.server.ts';
import { TC_REQUEST_SERVER } from './tc-request/kind.server.ts';

export const SERVER_KINDS: { readonly [K in KindName]: ServerKind } = {
  enquiry: ENQUIRY_SERVER,
  admission: ADMISSION_SERVER,
  'tc-request': TC_REQUEST_SERVER,
};
