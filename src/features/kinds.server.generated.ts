// Written by scripts/kinds-registry.ts from the folders of src/features that have a kind.ts: run it, do not edit.
import { ENQUIRY_SERVER } from './enquiry/kind.server.ts';
import { ADMISSION_SERVER } from './admission/kind.server.ts';
import { TC_REQUEST_SERVER } from './tc-request/kind.server.ts';
import { REGISTER_SERVER } from './register/kind.server.ts';

export const GENERATED_SERVER_KINDS = {
  enquiry: ENQUIRY_SERVER,
  admission: ADMISSION_SERVER,
  'tc-request': TC_REQUEST_SERVER,
  register: REGISTER_SERVER,
} as const;
