/** The WhatsApp message about a {{title}} request, in English and Hindi: its submission's while it is new, else its status's. */
import { inBothLanguages } from '../../lib/contact.ts';
import { {{camel}}StatusChanged, {{camel}}Submitted } from './kind-letters.ts';
import type { {{Pascal}} } from './{{kebab}}.ts';
import { {{CONST}}_WORKFLOW } from './workflow.ts';

export const {{camel}}Messages = (r: {{Pascal}}) =>
  inBothLanguages(
    (language) => (r.status === {{CONST}}_WORKFLOW.initial ? {{camel}}Submitted : {{camel}}StatusChanged)(language, r).body,
  );
