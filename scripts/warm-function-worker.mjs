// @ts-check
/**
 * One warm instance of a Netlify Function (see scripts/warm-functions.ts): the function's bundle is
 * imported once, then each message is one invocation through lambda-local, exactly as
 * @netlify/functions-dev's own per-call worker runs it. One invocation at a time, like a Lambda
 * instance; the response body is sent back whole.
 */
import { createRequire } from 'node:module';
import { buffer } from 'node:stream/consumers';
import { parentPort, workerData } from 'node:worker_threads';

// lambda-local is @netlify/functions-dev's dependency: resolve it from there, as its worker does.
const requireFromEmulator = createRequire(import.meta.resolve('@netlify/functions-dev'));
const lambdaLocal = requireFromEmulator('lambda-local');
lambdaLocal.getLogger().level = 'alert';

const { entryFilePath } = workerData;
const lambdaFunc = await import(entryFilePath);

if (!parentPort) throw new Error('scripts/warm-function-worker.mjs runs as a worker thread only.');
const port = parentPort;

port.on('message', async ({ id, clientContext, environment, event, timeoutMs }) => {
  try {
    for (const key in environment) process.env[key] = environment[key];
    const result = await lambdaLocal.execute({ clientContext, event, lambdaFunc, region: 'dev', timeoutMs, verboseLevel: 3 });
    let body = result?.body;
    if (body && typeof body === 'object' && typeof body.pipe === 'function') body = new Uint8Array(await buffer(body));
    const message = { id, result: { ...result, body } };
    port.postMessage(message, body instanceof Uint8Array ? [body.buffer] : []);
  } catch (error) {
    // lambda-local rejects with plain objects ({ errorMessage, errorType, stackTrace }) as well as Errors.
    const message = error instanceof Error ? error.message : (error?.errorMessage ?? JSON.stringify(error));
    console.error('[function instance] invocation failed:', message, error?.stackTrace ?? error?.stack ?? '');
    port.postMessage({ id, error: { message, stack: error instanceof Error ? error.stack : undefined } });
  }
});
port.postMessage({ ready: true });
