/**
 * The TC fee as the TC form states it, read from GET /v1/api/fees when the form starts (the page
 * is built once; the principal changes the fee in the admin). Undefined until it is known.
 */
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { rupeesToPaise } from '../../lib/money.ts';
import type { FeeSchedule } from './fees.ts';

export function useTcFeePaise(): number | undefined {
  const [paise, setPaise] = useState<number | undefined>();
  useEffect(() => {
    let live = true;
    api('/fees')
      .then(async (res) => (res.ok ? ((await res.json()) as FeeSchedule) : undefined))
      .then((schedule) => {
        if (live && schedule) setPaise(rupeesToPaise(schedule.transferCertificate));
      })
      .catch((error: unknown) => console.error('TC fee not loaded', error));
    return () => {
      live = false;
    };
  }, []);
  return paise;
}
