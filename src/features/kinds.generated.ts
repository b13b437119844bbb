// Written by scripts/kinds-registry.ts from the folders of src/features that have a kind.ts: run it, do not edit.
import { ENQUIRY_KIND } from './enquiry/kind.ts';
import { ADMISSION_KIND } from './admission/kind.ts';
import { TC_REQUEST_KIND } from './tc-request/kind.ts';
import { REGISTER_KIND } from './register/kind.ts';

export const GENERATED_KINDS = [ENQUIRY_KIND, ADMISSION_KIND, TC_REQUEST_KIND, REGISTER_KIND] as const;
