/**
 * zod for every shared schema: its tree-shakable "mini" build, because the forms' islands ship it
 * to phones (about a quarter of the classic build's bytes; same parser core, same messages).
 * zod probes `new Function` to decide whether to compile parsers; our CSP forbids eval, so the
 * probe shows up as a CSP violation in the browser. Parse without it.
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

export { z };
