// Written by scripts/kinds-registry.ts from the folders of src/features that have a kind.ts: run it, do not edit.

export const KIND_TEXTS = [] as const;
