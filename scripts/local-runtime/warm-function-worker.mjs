// @ts-check
/**
 * One warm instance of a Netlify Function (see warm-functions.ts): the function's bundle is
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

if (!parentPort) throw new Error('scripts/local-runtime/warm-function-worker.mjs runs as a worker thread only.');
const port = parentPort;

port.on('message', async ({ id, clientContext, environment, event, body: bytes, timeoutMs }) => {
  try {
    if (bytes.byteLength) {
      const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      event.body = event.isBase64Encoded ? raw.toString('base64') : raw.toString('utf8');
    }
    for (const key in environment) process.env[key] = environment[key];
    const result = await lambdaLocal.execute({ clientContext, event, lambdaFunc, region: 'dev', timeoutMs, verboseLevel: 3 });
    let body = result?.body;
    if (body && typeof body === 'object' && typeof body.pipe === 'function') body = new Uint8Array(await buffer(body));
    const message = { id, result: { ...result, body } };
    port.postMessage(message, body instanceof Uint8Array ? [/** @type {ArrayBuffer} */ (body.buffer)] : []);
  } catch (caught) {
    // lambda-local rejects with plain objects ({ errorMessage, errorType, stackTrace }) as well as Errors.
    const error = /** @type {{ errorMessage?: string, stackTrace?: string[], stack?: string }} */ (caught);
    const message = caught instanceof Error ? caught.message : (error?.errorMessage ?? JSON.stringify(error));
    console.error('[function instance] invocation failed:', message, error?.stackTrace ?? error?.stack ?? '');
    port.postMessage({ id, error: { message, stack: caught instanceof Error ? caught.stack : undefined } });
  }
});
port.postMessage({ ready: true });
