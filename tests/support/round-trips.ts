/**
 * What a family, a visitor and the office ask of the database, one request each: the cases whose
 * round trips to the database tests/db/round-trips.test.ts holds to their figures and
 * `npm run bench -- distance` times at a distance. Each case prepares its request (a fresh
 * enquiry's body, an admission's documents uploaded first) and hands back the one request that is
 * counted, so what is measured is that request alone.
 */
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiClient } from './api.ts';
import { admissionForm, enquiryBody, fileOf, pdf, tcBody } from '../http/admin-fixtures.ts';
import { dateInIndia } from '../../src/lib/dates.ts';
import type { WsProxy } from '../../scripts/ws-proxy.ts';

/**
 * The proxy's count of round trips once nothing has gone through it for `quietMs`: work a function
 * finishes after its answer belongs to its request.
 */
export async function settledRoundTrips(proxy: WsProxy, quietMs: number): Promise<number> {
  let last = proxy.counts().roundTrips;
  for (;;) {
    await sleep(quietMs);
    const now = proxy.counts().roundTrips;
    if (now === last) return now;
    last = now;
  }
}

export interface RoundTripCase {
  /** Who asks and what, as the bench's table and the test's figures name it. */
  name: string;
  /** Makes what the request needs (not counted) and answers the request to count. */
  prepare: () => Promise<() => Promise<Response>>;
}

/** A mobile number of its own for each form, so the per-number limits of a day never answer in its place. */
const mobile = () => `9${String(randomInt(1e8, 1e9))}`;

async function created(res: Response, what: string): Promise<Record<string, unknown>> {
  if (res.status !== 201 && res.status !== 200) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * The cases on the site at `base`, with `office` a signed-in principal's client. Makes one admission
 * with a fee paid, a TC request and an enquiry first, which the status checks, PDFs and screens read.
 */
export async function roundTripCases(base: string, office: ApiClient): Promise<RoundTripCase[]> {
  const family = new ApiClient(base);
  const contactNo = mobile();
  const { form } = await admissionForm({ contactNo }, { base, staged: true });
  const admission = (
    await created(await family.request('/v1/api/admission', { method: 'POST', body: form }), 'admission')
  ).admission as { _id: string; referenceNumber: string };
  const payment = (
    await created(
      await office.request(`/v1/api/admission/${admission._id}/payments`, {
        method: 'POST',
        json: { amount: 1000, mode: 'cash', reference: '', paidOn: dateInIndia(new Date()) },
      }),
      'payment',
    )
  ).payment as { receiptNumber: string };
  const tcForm = tcBody({ contact: mobile() });
  const tc = (await created(
    await family.request('/v1/api/tc-request', { method: 'POST', json: tcForm }),
    'TC request',
  )) as { _id: string };
  const enquiry = (
    await created(
      await family.request('/v1/api/enquiry', { method: 'POST', json: enquiryBody({ fatherMobile: mobile() }) }),
      'enquiry',
    )
  ).enquiry as { _id: string };
  const pair = new URLSearchParams({ referenceNumber: admission.referenceNumber, contactNo });
  const get = (client: ApiClient, path: string) => async () => () => client.request(path);

  return [
    { name: 'visitor: home page', prepare: get(family, '/') },
    { name: 'visitor: a content page', prepare: get(family, '/academy/about') },
    { name: 'visitor: fees page', prepare: get(family, '/admissions/fees') },
    { name: 'visitor: notices page', prepare: get(family, '/notices') },
    { name: 'visitor: gallery page', prepare: get(family, '/gallery') },
    { name: 'visitor: calendar page', prepare: get(family, '/calendar') },
    { name: 'visitor: vacancies', prepare: get(family, '/v1/api/jobs') },
    { name: "visitor: the school's facts", prepare: get(family, '/v1/api/school') },
    {
      name: 'family: enquiry sent',
      prepare: async () => () =>
        family.request('/v1/api/enquiry', { method: 'POST', json: enquiryBody({ fatherMobile: mobile() }) }),
    },
    {
      name: 'family: one document uploaded',
      prepare: async () => {
        const one = new FormData();
        one.append('file', fileOf(pdf(), 'application/pdf'), 'birth-certificate.pdf');
        return () => family.request('/v1/api/uploads', { method: 'POST', body: one });
      },
    },
    {
      name: 'family: admission sent (documents uploaded first)',
      prepare: async () => {
        const { form: next } = await admissionForm({ contactNo: mobile() }, { base, staged: true });
        return () => family.request('/v1/api/admission', { method: 'POST', body: next });
      },
    },
    {
      name: 'family: admission status check',
      prepare: async () => () =>
        family.request('/v1/api/admission/status', {
          method: 'POST',
          json: { referenceNumber: admission.referenceNumber, contactNo },
        }),
    },
    { name: 'family: acknowledgment PDF', prepare: get(family, `/v1/api/admission/acknowledgment?${pair}`) },
    {
      name: 'family: fee receipt PDF',
      prepare: get(family, `/v1/api/admission/receipt?${pair}&number=${payment.receiptNumber}`),
    },
    {
      name: 'family: TC request sent',
      prepare: async () => () =>
        family.request('/v1/api/tc-request', { method: 'POST', json: tcBody({ contact: mobile() }) }),
    },
    {
      name: 'family: TC status check',
      prepare: async () => () =>
        family.request('/v1/api/tc-request/status', {
          method: 'POST',
          json: { admissionNumber: tcForm.admissionNumber, contactNo: tcForm.contact },
        }),
    },
    { name: 'office: dashboard', prepare: get(office, '/v1/api/dashboard') },
    { name: 'office: admissions list', prepare: get(office, '/v1/api/admission?page=1') },
    { name: 'office: admission search', prepare: get(office, '/v1/api/admission?searchName=verma') },
    { name: 'office: admission details', prepare: get(office, `/v1/api/admission/${admission._id}`) },
    { name: 'office: admissions CSV', prepare: get(office, '/v1/api/admission/export.csv') },
    { name: 'office: enquiries list', prepare: get(office, '/v1/api/enquiry?page=1') },
    { name: 'office: enquiry details', prepare: get(office, `/v1/api/enquiry/${enquiry._id}`) },
    { name: 'office: TC requests list', prepare: get(office, '/v1/api/tc-request?page=1') },
    { name: 'office: TC request details', prepare: get(office, `/v1/api/tc-request/${tc._id}`) },
    { name: 'office: register', prepare: get(office, '/v1/api/register?page=1') },
  ];
}
