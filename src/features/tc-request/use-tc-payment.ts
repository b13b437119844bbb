/**
 * Whether the TC fee is paid online (GET /v1/api/tc-request/payment): the page is built once, and
 * whether the site takes payments is its configuration at run time. Undefined until known, so the
 * form says nothing rather than the wrong thing.
 */
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import type { TcPayment } from './acknowledgment.ts';

export function useTcPayOnline(): boolean | undefined {
  const [online, setOnline] = useState<boolean | undefined>();
  useEffect(() => {
    let live = true;
    api('/tc-request/payment')
      .then(async (res) => (res.ok ? ((await res.json()) as TcPayment) : undefined))
      .then((answer) => {
        if (live && answer) setOnline(answer.payOnline === true);
      })
      .catch((error: unknown) => console.error('TC payment way not loaded', error));
    return () => {
      live = false;
    };
  }, []);
  return online;
}
