/**
 * Warm function instances for the local runtime.
 *
 * @netlify/functions-dev runs every call of a v2 function in a new worker thread that imports the
 * bundle again, opens a new database connection and lingers until its pool times out: about a
 * second per call on a small machine, and dozens of idle threads under load. Netlify in production
 * keeps instances warm and reuses them. This does the same locally: each function gets a few
 * worker threads that import the bundle once and take one invocation at a time (Lambda semantics),
 * through the same lambda-local call as the emulator's own worker. Idle instances stop after a
 * minute. Only the local runtime (`scripts/runtime.ts`: npm start, tests, bench) installs it,
 * through patches.ts, which first checks the emulator internals it patches; `npm run dev` keeps
 * the emulator's fresh-per-call workers, which pick up rebuilt code.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { NetlifyDev } from '@netlify/dev';
import * as devUtils from '@netlify/dev-utils';
import * as functionsDev from '@netlify/functions-dev';
import { expectFunctions, type PatchedPackage } from './patch-check.ts';
import { restrictToOwner } from './folder-lock.ts';

const WORKER_URL = new URL('./warm-function-worker.mjs', import.meta.url);
/** Instances per function; the machine has 2 cores, and an instance waits on the database most of the time. */
const MAX_INSTANCES = Number(process.env.LOCAL_FUNCTION_INSTANCES ?? 4);
const IDLE_MS = 60_000;
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);
/** LOCAL_RUNTIME_TRACE=1: a line per function build and per new instance, which shows (and tests) that calls reuse both. */
const trace =
  process.env.LOCAL_RUNTIME_TRACE === '1' ? (line: string) => console.log(`[local runtime] ${line}`) : () => undefined;

interface LambdaResult {
  statusCode: number;
  headers?: Record<string, string | number | boolean | undefined>;
  multiValueHeaders?: Record<string, (string | number | boolean)[]>;
  body?: Uint8Array | string | ReadableStream<Uint8Array> | null;
}

/** A call's answer, and when the instance is free again: after a streamed body's last chunk. */
interface Invoked {
  result: LambdaResult;
  done: Promise<void>;
}

interface InstanceMessage {
  id?: number;
  result?: LambdaResult;
  streamed?: boolean;
  chunk?: Uint8Array;
  end?: boolean;
  streamError?: string;
  error?: { message: string; stack?: string };
}

/** A streamed body being received: its stream's controller, the pull waiting for a chunk, and its end. */
interface Receiving {
  controller: ReadableStreamDefaultController<Uint8Array>;
  delivered?: () => void;
  finish: () => void;
  /** Its reader went away (a client that dropped a download): chunks still on their way are dropped, not enqueued on a closed stream. */
  cancelled?: boolean;
}

interface Invocation {
  clientContext: string;
  environment: Record<string, string>;
  /** The Lambda event without its body, which travels as `body` (moved, not copied, to the instance). */
  event: unknown;
  body: Uint8Array<ArrayBuffer>;
  timeoutMs: number;
}

interface InvokeArgs {
  context: unknown;
  environment: Record<string, string>;
  func: {
    getBuildData(): Promise<{ buildPath?: string; runtimeAPIVersion?: number } | undefined>;
    mainFile: string;
    name: string;
  };
  request: Request;
  route: unknown;
  timeout: number;
}

interface EmulatorRuntime {
  invokeFunction(args: InvokeArgs): Promise<Response>;
}

class Instance {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  #pending = new Map<number, { resolve(r: Invoked): void; reject(e: Error): void }>();
  #receiving = new Map<number, Receiving>();
  #next = 0;
  #idleTimer: NodeJS.Timeout | undefined;
  dead = false;

  constructor(entryFilePath: string, onExit: (instance: Instance) => void) {
    this.worker = new Worker(WORKER_URL, { workerData: { entryFilePath } });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('message', () => resolve());
      this.worker.once('error', reject);
    });
    this.worker.on('message', (message: InstanceMessage) => {
      if (message.id === undefined) return;
      if (this.#receiving.has(message.id)) return this.#receive(message.id, message);
      const waiter = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (!waiter) return;
      if (message.error) waiter.reject(Object.assign(new Error(message.error.message), { stack: message.error.stack }));
      else if (message.streamed) waiter.resolve(this.#stream(message.id, message.result!));
      else waiter.resolve({ result: message.result!, done: Promise.resolve() });
    });
    const fail = (error: Error) => {
      this.dead = true;
      for (const waiter of this.#pending.values()) waiter.reject(error);
      this.#pending.clear();
      for (const receiving of this.#receiving.values()) {
        receiving.controller.error(error);
        receiving.finish();
      }
      this.#receiving.clear();
      onExit(this);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`The function instance exited (code ${code})`)));
  }

  /** A streamed answer: each pull asks the instance for one chunk, so a slow client slows the function, not memory. */
  #stream(id: number, result: LambdaResult): Invoked {
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#receiving.set(id, { controller, finish });
        },
        pull: () =>
          new Promise<void>((delivered) => {
            const receiving = this.#receiving.get(id);
            if (!receiving) return delivered();
            receiving.delivered = delivered;
            this.worker.postMessage({ more: id });
          }),
        cancel: () => {
          const receiving = this.#receiving.get(id);
          if (receiving) receiving.cancelled = true;
          this.worker.postMessage({ cancel: id });
        },
      },
      { highWaterMark: 0 },
    );
    return { result: { ...result, body }, done };
  }

  #receive(id: number, message: InstanceMessage): void {
    const receiving = this.#receiving.get(id)!;
    const delivered = receiving.delivered;
    receiving.delivered = undefined;
    if (message.chunk) {
      if (!receiving.cancelled) receiving.controller.enqueue(message.chunk);
    } else {
      this.#receiving.delete(id);
      // After a cancel the stream is already closed: closing or erroring it again would throw.
      try {
        if (message.streamError) receiving.controller.error(new Error(message.streamError));
        else receiving.controller.close();
      } catch {
        // already closed by its reader
      }
      receiving.finish();
    }
    delivered?.();
  }

  async invoke(invocation: Invocation): Promise<Invoked> {
    clearTimeout(this.#idleTimer);
    await this.ready;
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...invocation }, [invocation.body.buffer]);
    });
  }

  idle(stop: () => void): void {
    this.#idleTimer = setTimeout(stop, IDLE_MS);
    this.#idleTimer.unref();
  }
}

/** Up to MAX_INSTANCES warm instances of one function build, and a queue when all are busy. */
class InstancePool {
  #free: Instance[] = [];
  #all = new Set<Instance>();
  #waiting: ((instance: Instance) => void)[] = [];
  readonly entryFilePath: string;
  readonly name: string;

  constructor(entryFilePath: string, name: string) {
    this.entryFilePath = entryFilePath;
    this.name = name;
  }

  async invoke(invocation: Invocation): Promise<LambdaResult> {
    const instance = await this.#acquire();
    let invoked: Invoked;
    try {
      invoked = await instance.invoke(invocation);
    } catch (error) {
      this.#release(instance);
      throw error;
    }
    // The instance takes its next call once the whole body has been sent.
    void invoked.done.then(() => this.#release(instance));
    return invoked.result;
  }

  async #acquire(): Promise<Instance> {
    const free = this.#free.pop();
    if (free) return free;
    if (this.#all.size < MAX_INSTANCES) {
      const instance = new Instance(this.entryFilePath, (gone) => {
        this.#all.delete(gone);
        this.#free = this.#free.filter((i) => i !== gone);
      });
      this.#all.add(instance);
      trace(`started an instance of ${this.name}`);
      return instance;
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #release(instance: Instance): void {
    if (instance.dead) {
      // Its replacement starts on demand; a waiter gets one now rather than waiting forever.
      const waiter = this.#waiting.shift();
      if (waiter) void this.#acquire().then(waiter);
      return;
    }
    const waiter = this.#waiting.shift();
    if (waiter) return waiter(instance);
    this.#free.push(instance);
    instance.idle(() => {
      this.#free = this.#free.filter((i) => i !== instance);
      this.#all.delete(instance);
      void instance.worker.terminate();
    });
  }

  async stop(): Promise<void> {
    await Promise.all([...this.#all].map((i) => i.worker.terminate()));
    this.#all.clear();
    this.#free = [];
  }
}

const pools = new Map<string, InstancePool>();

/**
 * Request -> Lambda event, as the emulator builds it, but for the body: the emulator reads every
 * body as text and then flags binary types as base64, so uploads arrived as garbage. Here the raw
 * bytes go to the instance, which base64-encodes binary types as Netlify's servers do.
 */
async function lambdaEvent(
  request: Request,
  route: unknown,
): Promise<{ event: object; body: Uint8Array<ArrayBuffer> }> {
  const url = new URL(request.url);
  // Without a prototype: a parameter named constructor or __proto__ is a parameter, not a member every object has.
  const queryStringParameters: Record<string, string> = Object.create(null);
  const multiValueQueryStringParameters: Record<string, string[]> = Object.create(null);
  url.searchParams.forEach((value, key) => {
    queryStringParameters[key] = queryStringParameters[key] ? `${queryStringParameters[key]},${value}` : value;
    (multiValueQueryStringParameters[key] ??= []).push(value);
  });
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  request.headers.forEach((value, key) => {
    headers[key] = value;
    multiValueHeaders[key] = value.split(',').map((v) => v.trim());
  });
  const event = {
    rawUrl: url.toString(),
    rawQuery: url.search,
    path: url.pathname,
    httpMethod: request.method,
    headers,
    multiValueHeaders,
    queryStringParameters,
    multiValueQueryStringParameters,
    body: null,
    isBase64Encoded: devUtils.shouldBase64Encode(request.headers.get('content-type') ?? ''),
    route,
  };
  return { event, body: new Uint8Array(await request.arrayBuffer()) };
}

function webResponse(result: LambdaResult): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    if (value !== undefined) headers.set(name.toLowerCase(), String(value));
  }
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    for (const value of values) headers.append(name.toLowerCase(), String(value));
  }
  const body = NULL_BODY_STATUS.has(result.statusCode) ? null : (result.body ?? null);
  return new Response(body as BodyInit | null, { status: result.statusCode, headers });
}

let installed = false;

interface EmulatorFunction {
  name: string;
  buildData?: unknown;
  buildError: Error | null;
  /** The emulator's latest build, started at registration for every function. */
  buildQueue?: Promise<unknown>;
  projectRoot: string;
  build(this: EmulatorFunction, args: { buildDirectory?: string; cache?: object }): Promise<unknown>;
}

const builtOnce = new WeakSet<object>();

/**
 * The emulator rebuilds a function before every call into a directory it deletes after the call
 * (re-parsing the source, rewriting files, clearing module caches): most of a local call's time,
 * and a warm instance could not outlive it. It also builds every function once at start, into
 * `.netlify/functions-serve/`, which it keeps (routes are known only from a build). The built site
 * does not change while `npm start` runs, so that start build is the one every call uses; only a
 * function whose start build failed is built again, into `.netlify/functions-warm/`, and a failed
 * build there is retried.
 */
function buildOnce(proto: EmulatorFunction): void {
  if (builtOnce.has(proto)) return;
  builtOnce.add(proto);
  const build = proto.build;
  const builds = new WeakMap<EmulatorFunction, Promise<unknown>>();
  proto.build = function cachedBuild() {
    let pending = builds.get(this);
    if (!pending) {
      pending = startBuild(this).then(async (started) => {
        const result = started ? {} : await build.call(this, { buildDirectory: warmFolder(this), cache: {} });
        const failed = Boolean(this.buildError || !this.buildData);
        if (failed) builds.delete(this);
        if (!started) restrictToOwner(warmFolder(this));
        trace(failed ? `build of ${this.name} failed` : started ? `built ${this.name} at start` : `built ${this.name}`);
        return result;
      });
      builds.set(this, pending);
    }
    return pending;
  };
}

const warmFolder = (func: EmulatorFunction) => join(func.projectRoot, '.netlify', 'functions-warm');

/**
 * Every function's start build, awaited once: the first call waits for them (as it waited for a
 * build of its own before), then their folder is made the owner's only, since a build copies files
 * with their source's mode (node_modules' 0644), past the umask.
 */
async function startBuilds(all: EmulatorFunction[], root: string): Promise<void> {
  await Promise.all(all.map(startBuild));
  restrictToOwner(join(root, '.netlify', 'functions-serve'));
}

/** Whether the emulator's own build of `func` at start (awaited if still running) succeeded. */
async function startBuild(func: EmulatorFunction): Promise<boolean> {
  await Promise.resolve(func.buildQueue).catch(() => undefined);
  return Boolean(func.buildData && !func.buildError);
}

/**
 * Patches FunctionsHandler.prototype.invoke; `functions` is @netlify/functions-dev as patches.ts
 * checked it. The function objects and their runtime are internal to the emulator, and its
 * handler's invoke is where they first show: their members are checked there, on first sight.
 */
export function installWarmFunctions(functions: PatchedPackage): void {
  if (installed) return;
  installed = true;
  const proto = functionsDev.FunctionsHandler.prototype as unknown as {
    invoke(
      this: unknown,
      request: Request,
      route: unknown,
      func: EmulatorFunction & { runtime: EmulatorRuntime },
      buildDirectory?: string,
    ): Promise<Response>;
  };
  const invoke = proto.invoke;
  const patched = new WeakSet<object>();
  let allBuilt: Promise<void> | undefined;
  proto.invoke = async function patchedInvoke(request, route, func, buildDirectory) {
    const registry = (this as { registry?: { functions?: Map<string, EmulatorFunction> } }).registry;
    if (!allBuilt) {
      expectFunctions(functions, 'FunctionsHandler registry.functions', registry?.functions, ['values']);
      allBuilt = startBuilds([...registry!.functions!.values()], func.projectRoot);
    }
    await allBuilt;
    const funcProto = Object.getPrototypeOf(func) as EmulatorFunction;
    if (!builtOnce.has(funcProto)) {
      expectFunctions(functions, 'NetlifyFunction.prototype', funcProto, ['build', 'getBuildData']);
      buildOnce(funcProto);
    }
    if (!patched.has(func.runtime)) {
      expectFunctions(functions, `the runtime of function ${func.name}`, func.runtime, ['invokeFunction']);
      patched.add(func.runtime);
      warm(func.runtime);
    }
    return invoke.call(this, request, route, func, buildDirectory);
  };
}

function warm(runtime: EmulatorRuntime): void {
  const original = runtime.invokeFunction.bind(runtime);
  runtime.invokeFunction = async (args) => {
    const build = await args.func.getBuildData();
    if (build?.runtimeAPIVersion !== 2) return original(args);
    const entryFilePath = pathToFileURL(build.buildPath ?? args.func.mainFile).href;
    let pool = pools.get(entryFilePath);
    if (!pool) pools.set(entryFilePath, (pool = new InstancePool(entryFilePath, args.func.name)));
    const { event, body } = await lambdaEvent(args.request, args.route);
    const result = await pool.invoke({
      clientContext: JSON.stringify(args.context),
      environment: args.environment,
      event,
      body,
      timeoutMs: args.timeout * 1000,
    });
    return webResponse(result);
  };
}

/** Stops every warm instance (the runtime's stop). */
export async function stopWarmFunctions(): Promise<void> {
  await Promise.all([...pools.values()].map((p) => p.stop()));
  pools.clear();
}

type HandleOptions = NonNullable<Parameters<NetlifyDev['handleAndIntrospectNodeRequest']>[1]>;
type Handled = Awaited<ReturnType<NetlifyDev['handleAndIntrospectNodeRequest']>>;

interface ChainRunner {
  handleInEphemeralDirectory(
    read: Request,
    getWrite: () => Request,
    buildDirectory: string,
    options: HandleOptions,
  ): Promise<Handled>;
}

/** Headers that carry the client's address to functions: only the runtime sets them, never the client. */
const CLIENT_ADDRESS_HEADERS = new Set(['x-forwarded-for', 'x-nf-client-connection-ip']);

/**
 * The Node request as the emulator normalises it: a body-less copy for matching, the real one for
 * handling. The client's address is the connection's, as Netlify's edge sets it: the emulator
 * would take it from the client's own X-Forwarded-For, so a client could pick any address (and,
 * without that header, every client shared one, and with it one rate limit).
 */
function webRequest(
  req: IncomingMessage,
  requestId: string,
  clientAddress: string,
  body: Readable | undefined,
): Request {
  const method = req.method?.toUpperCase() ?? 'GET';
  const headers: [string, string][] = [];
  for (const [key, value] of Object.entries(req.headers)) {
    if (key.startsWith(':') || CLIENT_ADDRESS_HEADERS.has(key)) continue;
    if (Array.isArray(value)) headers.push([key, value.join(',')]);
    else if (typeof value === 'string') headers.push([key, value]);
  }
  // FunctionsHandler.invoke derives x-nf-client-connection-ip (context.ip) from x-forwarded-for.
  headers.push(
    ['x-nf-request-id', requestId],
    ['x-forwarded-for', clientAddress],
    ['x-nf-client-connection-ip', clientAddress],
  );
  const stream =
    body && method !== 'GET' && method !== 'HEAD' ? (Readable.toWeb(body) as ReadableStream<Uint8Array>) : null;
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
    method,
    headers,
    body: stream,
    duplex: 'half',
  } as RequestInit);
}

/**
 * The emulator's request chain without its per-request build directory. handleAndIntrospectNodeRequest
 * creates a temporary directory for every request (for that call's function build) and deletes it
 * afterwards, static files included: a few milliseconds of file system work a request. Functions
 * built once never use it, so the chain runs with one fixed directory. patches.ts checks that
 * handleInEphemeralDirectory is there.
 */
export function nodeRequestHandler(
  dev: NetlifyDev,
  root: string,
): (req: IncomingMessage, clientAddress: string, options: HandleOptions, body?: () => Readable) => Promise<Handled> {
  const run = (dev as unknown as ChainRunner).handleInEphemeralDirectory.bind(dev);
  const buildDirectory = join(root, '.netlify', 'functions-warm', '_requests');
  // `body`: the request's body as the front server lets it through (cut at the route's limit); else the request itself.
  return (req, clientAddress, options, body = () => req) => {
    const requestId = randomUUID();
    return run(
      webRequest(req, requestId, clientAddress, undefined),
      () => webRequest(req, requestId, clientAddress, body()),
      buildDirectory,
      options,
    );
  };
}
