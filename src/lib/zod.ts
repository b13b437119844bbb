/**
 * zod for every shared schema. zod probes `new Function` to decide whether to compile parsers; our
 * CSP forbids eval, so the probe shows up as a CSP violation in the browser. Parse without it.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
