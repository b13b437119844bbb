// Written by scripts/kinds-registry.ts from the kinds' texts.ts (src/features/<kind>/texts.ts): run it, do not edit.
export const KIND_TEXTS_EN = {} as const;

export const KIND_TEXTS_HI: Record<keyof typeof KIND_TEXTS_EN, string> = {};
