/** The admin islands' pure helpers. */
import { describe, expect, it } from 'vitest';
import { idFromPath } from '../../src/lib/admin/navigation.ts';
import { pageFrom, readQuery, writeQuery } from '../../src/lib/admin/url-query.ts';
import { fitWithin, jpegName } from '../../src/lib/downscale-image.ts';
import { formatDate } from '../../src/lib/dates.ts';
import { orDash } from '../../src/lib/format.ts';
import { validateVacancy, vacancyPayload, emptyVacancy } from '../../src/features/vacancies/vacancy-form.ts';
import { galleryImageUrl, imageProblem } from '../../src/features/gallery/gallery.ts';

describe('admin helpers', () => {
  it('reads the id of a details route', () => {
    expect(idFromPath('/admin/vacancies/details/abc-123')).toBe('abc-123');
    expect(idFromPath('/admin/vacancies/details/abc-123/')).toBe('abc-123');
    expect(idFromPath('/admin/enquiry/details/a%20b')).toBe('a b');
    expect(idFromPath('/admin/enquiry/details/')).toBeUndefined();
    expect(idFromPath('/admin/enquiry/details')).toBeUndefined();
    expect(idFromPath('/admin/enquiry/details/%E0%A4')).toBeUndefined();
  });

  it('keeps list state in the query, leaving out empty values and page 1', () => {
    expect(writeQuery({ search: 'Ram Lal', class: '', page: '1' })).toBe('?search=Ram+Lal');
    expect(writeQuery({ search: '', class: 'K.G', page: '3' })).toBe('?class=K.G&page=3');
    expect(writeQuery({ search: '', page: '1' })).toBe('');
    expect(readQuery(['search', 'page'] as const, '?search=Asha&x=1')).toEqual({ search: 'Asha', page: '' });
    expect([pageFrom(''), pageFrom('0'), pageFrom('-2'), pageFrom('2.5'), pageFrom('abc'), pageFrom('7')]).toEqual([
      1, 1, 1, 1, 1, 7,
    ]);
  });

  it('fits a photo inside the long edge, keeping proportions', () => {
    expect(fitWithin(4000, 3000, 2560)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(3000, 6000, 2560)).toEqual({ width: 1280, height: 2560 });
    expect(fitWithin(1200, 900, 2560)).toEqual({ width: 1200, height: 900 });
    expect(jpegName('IMG_2041.PNG')).toBe('IMG_2041.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });

  it('formats dates en-IN in India time, and image paths from the server base', () => {
    expect(formatDate('2025-03-04T20:00:00Z')).toBe('5 Mar 2025');
    expect(formatDate('nonsense')).toBe('');
    expect(orDash('')).toBe('—');
    expect(galleryImageUrl('/uploads/gallery/k1')).toBe('/v1/uploads/gallery/k1');
    expect(galleryImageUrl('/v1/uploads/gallery/k1')).toBe('/v1/uploads/gallery/k1');
    expect(galleryImageUrl(null)).toBeUndefined();
  });

  it('validates the vacancy form with the shared messages', () => {
    const base = { ...emptyVacancy(), jobTitle: ' Clerk ', jobDescription: 'Office', employmentType: 'Part-Time' };
    expect(validateVacancy(emptyVacancy(), 'create')).toEqual({
      message: 'Please fill in all required fields.',
      field: 'jobTitle',
    });
    expect(validateVacancy({ ...base, jobDescription: ' ' }, 'create')).toEqual({
      message: 'Please fill in all required fields.',
      field: 'jobDescription',
    });
    expect(validateVacancy({ ...base, keyResponsibilities: ['  '] }, 'create')).toEqual({
      message: 'Please add responsibilities and qualifications.',
      field: 'keyResponsibilities',
    });
    expect(validateVacancy({ ...base, keyResponsibilities: ['Files'] }, 'create')).toEqual({
      message: 'Please add responsibilities and qualifications.',
      field: 'qualificationsAndRequirements',
    });
    expect(validateVacancy(base, 'edit')).toBeUndefined();
    expect(vacancyPayload({ ...base, keyResponsibilities: [' a ', '', 'b'] }).keyResponsibilities).toEqual(['a', 'b']);
  });

  it('checks a chosen gallery file', () => {
    const file = (size: number, type: string) => ({ size, type }) as File;
    expect(imageProblem(file(6 * 1024 * 1024 + 1, 'image/png'))).toBe('File size must be under 6MB');
    expect(imageProblem(file(5.9 * 1024 * 1024, 'image/png'))).toBeUndefined();
    expect(imageProblem(file(1000, 'image/svg+xml'))).toBeTruthy();
    expect(imageProblem(undefined)).toBeUndefined();
  });
});
