// Written by scripts/kinds-registry.ts from the folders of src/features that have a kind.ts: run it, do not edit.
import { REGISTER_TEXTS } from './register/texts.ts';

export const KIND_TEXTS = [REGISTER_TEXTS] as const;
