/** The local runtime's listens that name no address get the loopback one (scripts/local-runtime/loopback.ts), in each form Node takes. */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { withLocalAddress } from '../../scripts/local-runtime/loopback.ts';

const servers: net.Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((ok) => s.close(ok))));
});

/** Listens as Node's own listen would with these arguments after withLocalAddress, and answers the address it got. */
function listenWith(...args: unknown[]): Promise<string> {
  const server = net.createServer();
  servers.push(server);
  return new Promise((ok) => {
    const call = withLocalAddress(args).map((a) =>
      typeof a === 'function' ? () => ok((server.address() as net.AddressInfo).address) : a,
    );
    if (!call.some((a) => typeof a === 'function'))
      server.once('listening', () => ok((server.address() as net.AddressInfo).address));
    (server.listen as (...a: unknown[]) => net.Server)(...call);
  });
}

const loopback = /^(127\.|::1$)/;

describe('a listen that names no address', () => {
  const callback = (): void => undefined;
  it.each<[string, unknown[]]>([
    ['listen()', []],
    ['listen(callback)', [callback]],
    ['listen(0)', [0]],
    ['listen(0, callback)', [0, callback]],
    ['listen(0, backlog, callback)', [0, 511, callback]],
    ['listen({ port: 0 })', [{ port: 0 }]],
    ['listen({ port: 0 }, callback)', [{ port: 0 }, callback]],
  ])('%s listens on the loopback address', async (_, args) => {
    expect(await listenWith(...args)).toMatch(loopback);
  });

  it('one that names an address keeps it (the site, from HOST)', async () => {
    expect(withLocalAddress([0, '0.0.0.0'])).toEqual([0, '0.0.0.0']);
    expect(withLocalAddress([{ port: 0, host: '0.0.0.0' }])).toEqual([{ port: 0, host: '0.0.0.0' }]);
    expect(await listenWith(0, '0.0.0.0')).toBe('0.0.0.0');
  });

  it('a pipe or a handle is left alone', () => {
    expect(withLocalAddress(['/tmp/some.sock'])).toEqual(['/tmp/some.sock']);
    expect(withLocalAddress([{ path: '/tmp/some.sock' }])).toEqual([{ path: '/tmp/some.sock' }]);
    expect(withLocalAddress([{ fd: 3 }])).toEqual([{ fd: 3 }]);
  });
});
