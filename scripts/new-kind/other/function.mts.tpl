import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly, principalOnly } from '../../src/server/auth.ts';
import { privacyRoutes } from '../../src/features/privacy/privacy.server.ts';
import {
  create{{Pascal}},
  delete{{Pascal}},
  export{{Pascals}},
  get{{Pascal}},
  list{{Pascals}},
  load{{Pascal}},
  move{{Pascal}},
} from '../../src/features/{{kebab}}/{{kebab}}.server.ts';

export const config: Config = {
  path: [
    '/v1/api/{{kebab}}',
    '/v1/api/{{kebab}}/export.csv',
    '/v1/api/{{kebab}}/:id',
    '/v1/api/{{kebab}}/:id/export.zip',
    '/v1/api/{{kebab}}/:id/erase',
    '/v1/api/{{kebab}}/:id/fields',
  ],
  // No method list here: the router's table below is the list of what each path takes.
};

const privacy = privacyRoutes('{{kebab}}', load{{Pascal}});

export default router({
  '/v1/api/{{kebab}}': { GET: adminOnly(list{{Pascals}}), POST: {{post}} },
  '/v1/api/{{kebab}}/export.csv': { GET: adminOnly(export{{Pascals}}) },
  '/v1/api/{{kebab}}/:id': {
    GET: adminOnly(get{{Pascal}}),
    PATCH: adminOnly(move{{Pascal}}),
    DELETE: principalOnly(delete{{Pascal}}),
  },
  // A parent's requests about their child's data, carried out by the principal.
  '/v1/api/{{kebab}}/:id/export.zip': { GET: principalOnly(privacy.exportZip) },
  '/v1/api/{{kebab}}/:id/erase': { POST: principalOnly(privacy.eraseNow) },
  '/v1/api/{{kebab}}/:id/fields': { PATCH: principalOnly(privacy.correctField) },
});
