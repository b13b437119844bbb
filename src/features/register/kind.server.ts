/** The register's server part as a kind of record (its shared part is ./kind.ts): nothing beyond what every kind has. */
import type { ServerKind } from '../../server/record-kind.ts';

export const REGISTER_SERVER: ServerKind = {};
