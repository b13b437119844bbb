/** The audit screen's words for an entry's detail: statuses and documents by their labels, anything else as stored. */
import { describe, expect, it } from 'vitest';
import { detailText, personText, recordHref } from '../../src/features/audit/audit.ts';

describe('detailText', () => {
  it.each([
    [
      { action: 'status', entity: 'enquiry', detail: 'new -> contacted: Called the father' },
      'New → Contacted: Called the father',
    ],
    [
      { action: 'status', entity: 'admission', detail: 'documents-verified -> not-admitted' },
      'Documents verified → Not admitted',
    ],
    [
      { action: 'status', entity: 'tc-request', detail: 'requested -> rejected: a -> b' },
      'Requested → Rejected: a -> b',
    ],
    [
      { action: 'document', entity: 'admission', detail: 'abcCard: rejected (Not readable)' },
      'ABC card: Rejected (Not readable)',
    ],
    [{ action: 'document', entity: 'admission', detail: 'studentPhoto: verified' }, 'Student photo: Verified'],
    [{ action: 'view', entity: 'admission', detail: 'previousSchoolTC' }, 'Previous school transfer certificate'],
    [{ action: 'document-replaced', entity: 'admission', detail: 'studentBirthCertificate' }, 'Birth certificate'],
    // Not a known field or status: as stored.
    [{ action: 'view', entity: 'admission', detail: 'somethingElse' }, 'somethingElse'],
    [{ action: 'status', entity: 'vacancy', detail: 'a -> b' }, 'a -> b'],
    [{ action: 'seats', entity: 'seats', detail: '5: no limit -> 40' }, '5: no limit -> 40'],
    [{ action: 'delete', entity: 'enquiry', detail: null }, ''],
  ])('%o reads %s', (entry, words) => {
    expect(detailText(entry)).toBe(words);
  });
});

describe('recordHref', () => {
  it('links a record to its details screen, seats to their session, and nothing else', () => {
    expect(recordHref('admission', 'a1')).toBe('/admin/admissions/details/a1');
    expect(recordHref('tc-request', 'x y')).toBe('/admin/tc-requests/details/x%20y');
    expect(recordHref('seats', '2027-28')).toBe('/admin/seats?session=2027-28');
    expect(recordHref('admin', 'a1')).toBeUndefined();
    expect(recordHref('enquiry', null)).toBeUndefined();
  });
});

describe('personText', () => {
  it("names a parent's own action as the parent's, and staff by their e-mail address", () => {
    expect(personText({ adminId: null, adminEmail: 'parent' })).toBe('Parent (status page)');
    expect(personText({ adminId: 'a1', adminEmail: 'office@school.test' })).toBe('office@school.test');
  });
});

describe('an edit: before and after', () => {
  it('keeps only the fields that changed, and words each as field: before → after', async () => {
    const { changeDetail } = await import('../../src/server/audit.ts');
    const detail = changeDetail(
      { affiliationNumber: null, principalName: 'A. Sharma', phones: ['9876543210'] },
      { affiliationNumber: '2131234', principalName: 'A. Sharma', phones: ['9876543210', '9123456780'] },
    );
    expect(JSON.parse(detail)).toEqual({
      before: { affiliationNumber: null, phones: ['9876543210'] },
      after: { affiliationNumber: '2131234', phones: ['9876543210', '9123456780'] },
    });
    expect(detailText({ action: 'update', entity: 'school', detail })).toBe(
      'affiliationNumber: (none) → 2131234\nphones: ["9876543210"] → ["9876543210","9123456780"]',
    );
  });

  it('words a creation and a deletion, and leaves a detail that only looks like one as stored', async () => {
    const { changeDetail } = await import('../../src/server/audit.ts');
    expect(detailText({ action: 'create', entity: 'notice', detail: changeDetail(null, { title: 'Holiday' }) })).toBe(
      'title: (none) → Holiday',
    );
    expect(detailText({ action: 'delete', entity: 'notice', detail: changeDetail({ title: 'Holiday' }, null) })).toBe(
      'title: Holiday → (none)',
    );
    expect(detailText({ action: 'update', entity: 'notice', detail: '{"before": broken' })).toBe('{"before": broken');
  });
});
