/** The {{title}} request's one schema, used by POST /v1/api/{{kebab}} (and by a form, when it has one). */
import { z } from '../../lib/zod.ts';
import { fieldsIn, type Field, type FieldNameIn } from '../../lib/record.ts';
import { checkFields, textShape, typedFields, validate } from '../../lib/forms/validate.ts';
import { {{CONST}} } from './{{kebab}}.ts';

export const {{CONST}}_FORM = fieldsIn({{CONST}}, 'form');
type {{Pascal}}Field = FieldNameIn<typeof {{CONST}}, 'form'>;
const NAMES = {{CONST}}_FORM.map((f) => f.name) as {{Pascal}}Field[];

const shape = textShape(NAMES, {{CONST}}_FORM);
/** Every field but those the form labels optional. */
export const {{CONST}}_REQUIRED = typedFields({{CONST}}_FORM.filter((f) => !(f as Field).labelledOptional));

const {{camel}}Schema = shape.check(
  z.superRefine((values: z.output<typeof shape>, ctx) =>
    checkFields(ctx, values, {{CONST}}_FORM, { required: {{CONST}}_REQUIRED, phone: 'fatherMobile' }),
  ),
);

export const validate{{Pascal}} = (input: unknown) => validate({{camel}}Schema, input);
