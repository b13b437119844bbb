/**
 * What takes a sent form's place (as the admission's acknowledgment does): a heading that takes
 * focus, so a screen reader announces it, what happens next, and the school's phone number.
 */
import { Fragment, useEffect, useId, useRef, type ReactNode } from 'react';
import { officePhoneLinkOnPage } from '../../lib/school-contact.ts';
import type { Speaker } from '../../lib/forms/island-texts.ts';

/** A template whose `{name}`s become the given nodes (text or elements). */
export function fillNodes(template: string, values: Record<string, ReactNode>): ReactNode[] {
  return template
    .split(/\{(\w+)\}/)
    .map((part, i) => <Fragment key={i}>{i % 2 ? (values[part] ?? `{${part}}`) : part}</Fragment>);
}

interface Props {
  heading: string;
  speak: Speaker;
  /** What happens next, one paragraph each. */
  children: ReactNode;
  /** A button after the text (e.g. Close). */
  action?: { label: string; onClick: () => void };
  /** The heading's level: 3 inside a dialog that has its own h2. */
  level?: 2 | 3;
}

export function DonePanel({ heading, speak, children, action, level = 2 }: Props) {
  const uid = useId();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const Heading = level === 3 ? 'h3' : 'h2';
  const phone = officePhoneLinkOnPage();
  return (
    <section className="ff-success ff-done" aria-labelledby={`${uid}-heading`} data-testid="form-done">
      <Heading id={`${uid}-heading`} ref={ref} tabIndex={-1}>
        {heading}
      </Heading>
      {children}
      {phone && (
        <p>
          {fillNodes(speak.text('doneCall', { phone: '{phone}' }), { phone: <a href={phone.href}>{phone.number}</a> })}
        </p>
      )}
      {action && (
        <button type="button" className="ff-button ff-button--secondary" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </section>
  );
}
