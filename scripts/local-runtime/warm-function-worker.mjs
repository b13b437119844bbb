// @ts-check
/**
 * One warm instance of a Netlify Function (see warm-functions.ts): the function's bundle is
 * imported once, then each message is one invocation through lambda-local, exactly as
 * @netlify/functions-dev's own per-call worker runs it. One invocation at a time, like a Lambda
 * instance. A streamed response body (a CSV export) goes back chunk by chunk, each read only when
 * the runtime asks for the next, as Netlify streams it: the client gets the first rows at once and
 * neither side holds the whole body.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

// lambda-local is @netlify/functions-dev's dependency: resolve it from there, as its worker does.
const requireFromEmulator = createRequire(import.meta.resolve('@netlify/functions-dev'));
const lambdaLocal = requireFromEmulator('lambda-local');
lambdaLocal.getLogger().level = 'alert';

const { entryFilePath } = workerData;
const lambdaFunc = await import(entryFilePath);

if (!parentPort) throw new Error('scripts/local-runtime/warm-function-worker.mjs runs as a worker thread only.');
const port = parentPort;

/** The streamed bodies being sent, by invocation id. */
const streams = new Map();

/**
 * Sends the next chunk of a streamed body, or its end.
 * @param {number} id
 */
async function sendNext(id) {
  const reader = streams.get(id);
  if (!reader) return;
  try {
    const { done, value } = await reader.next();
    if (done) {
      streams.delete(id);
      port.postMessage({ id, end: true });
      return;
    }
    const chunk = typeof value === 'string' ? new TextEncoder().encode(value) : new Uint8Array(value);
    port.postMessage({ id, chunk }, [/** @type {ArrayBuffer} */ (chunk.buffer)]);
  } catch (caught) {
    streams.delete(id);
    port.postMessage({ id, streamError: caught instanceof Error ? caught.message : String(caught) });
  }
}

port.on('message', async ({ id, clientContext, environment, event, body: bytes, timeoutMs, more, cancel }) => {
  if (more !== undefined) return sendNext(more);
  if (cancel !== undefined) {
    const reader = streams.get(cancel);
    streams.delete(cancel);
    await reader?.return?.();
    port.postMessage({ id: cancel, end: true });
    return;
  }
  try {
    if (bytes.byteLength) {
      const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      event.body = event.isBase64Encoded ? raw.toString('base64') : raw.toString('utf8');
    }
    for (const key in environment) process.env[key] = environment[key];
    const result = await lambdaLocal.execute({
      clientContext,
      event,
      lambdaFunc,
      region: 'dev',
      timeoutMs,
      verboseLevel: 3,
    });
    const body = result?.body;
    if (body && typeof body === 'object' && typeof body.pipe === 'function') {
      streams.set(id, body[Symbol.asyncIterator]());
      port.postMessage({ id, result: { ...result, body: null }, streamed: true });
      return;
    }
    port.postMessage({ id, result }, body instanceof Uint8Array ? [/** @type {ArrayBuffer} */ (body.buffer)] : []);
  } catch (caught) {
    // lambda-local rejects with plain objects ({ errorMessage, errorType, stackTrace }) as well as Errors.
    const error = /** @type {{ errorMessage?: string, stackTrace?: string[], stack?: string }} */ (caught);
    const message = caught instanceof Error ? caught.message : (error?.errorMessage ?? JSON.stringify(error));
    console.error('[function instance] invocation failed:', message, error?.stackTrace ?? error?.stack ?? '');
    port.postMessage({ id, error: { message, stack: caught instanceof Error ? caught.stack : undefined } });
  }
});
port.postMessage({ ready: true });
