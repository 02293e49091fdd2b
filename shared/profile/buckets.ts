// Cross-cutting buckets: kinds of work that hide in many places of a server —
// logging, JSON, regular expressions, synchronous crypto, synchronous fs,
// compression, synchronous child processes.
//
// A synchronous child process (execSync, spawnSync, execFileSync) is mostly
// waiting: the event loop's thread sits in the native `spawn` of spawnSync
// until the program ends, and the sampler charges that wait to the stack it
// sees. Without the bucket it read as "the heaviest function is spawn" and
// the caller went unnamed; the bucket names the user's function that calls it.
//
// The attribution rule. Read a sample's stack from the leaf up, through the
// library frames at its top (Node internals, native code, bucket frames),
// stopping at the first frame of your code or of a dependency that is not a
// bucket. The sample belongs to the OUTERMOST bucket frame of that run:
//
//   handler (your code)          ← stop: your code
//   console.log      logging     ← outermost bucket frame: the sample is logging
//   Writable.write   (node)
//   writeSync        sync fs     ← inner bucket frame: part of the logging
//   writeBuffer      (native)    ← the leaf
//
// So buckets never overlap, and a middleware that calls your code (morgan,
// compression…) does not swallow the time of everything it calls: the stop at
// your code ends the run.
//
// A write to stdout on a pipe that the pipe cannot take at once is finished
// later, from the event loop, outside the console.log that made it: no frame
// of the caller is above it. While Flambé records, its output counter wraps
// the stream's own writes (output-counter.ts, OUTPUT_COUNTER_URL), so that
// flush runs under a logging frame too. A profile recorded without Flambé
// has no such frame: that part stays in Node internals.
//
// What frames cannot show: JSON.parse/JSON.stringify and regex methods are not
// frames in a V8 CPU profile; their time is the self time of the function
// that called them. Frames give the JSON bucket JSON libraries and wrappers
// (express's res.json, body-parser's json parser, fast-json-stringify…);
// lines.ts adds a bare JSON.stringify in your function, by the line it is on.
import { classifyFrame, OUTPUT_COUNTER_URL, STDIO_WRITE_FRAMES, type FrameClass } from './classify.ts';
import type { Frame } from './model.ts';

export type BucketId = 'logging' | 'json' | 'regex' | 'crypto' | 'fs' | 'compression' | 'childProcess';

export const BUCKET_IDS: readonly BucketId[] = ['logging', 'json', 'regex', 'crypto', 'fs', 'compression', 'childProcess'];

export const BUCKET_LABELS: Record<BucketId, string> = {
  logging: 'logging',
  json: 'JSON',
  regex: 'regular expressions',
  crypto: 'synchronous crypto',
  fs: 'synchronous fs',
  compression: 'compression',
  childProcess: 'synchronous child processes',
};

/** The labels above that are plural nouns: "Regular expressions take 60%", not "takes". */
export const PLURAL_BUCKET_LABELS: ReadonlySet<BucketId> = new Set<BucketId>(['regex', 'childProcess']);

/** What each kind of work covers, for tooltips and the README (next to classify.ts's CATEGORY_HELP). */
export const BUCKET_HELP: Record<BucketId, string> = {
  logging: 'console.*, writes to stdout/stderr, pino, winston, debug…',
  json: 'JSON.parse and JSON.stringify (found by the line that calls them), JSON libraries and framework helpers (express res.json, body-parser…)',
  regex: 'regular expressions running: compiled patterns ("RegExp: …") and the lines of your code and dependencies that call .test, .exec, .match, .replace with a pattern',
  crypto: 'node:crypto and crypto libraries, synchronous (pbkdf2Sync, hashes…)',
  fs: 'synchronous file system calls (readFileSync, writeSync…)',
  compression: 'node:zlib and compression libraries',
  childProcess: 'child processes run synchronously (execSync, spawnSync, execFileSync): the event loop waits until the program ends',
};

const PACKAGES: Record<BucketId, readonly string[]> = {
  logging: ['pino', 'pino-pretty', 'pino-std-serializers', 'sonic-boom', 'thread-stream', 'winston', 'winston-transport', 'logform',
    'bunyan', 'debug', 'log4js', 'loglevel', 'signale', 'consola', 'npmlog', 'roarr', 'tracer'],
  json: ['fast-json-stringify', 'safe-stable-stringify', 'fast-safe-stringify', 'json-stringify-safe', 'secure-json-parse',
    '@hapi/bourne', 'json-bigint', 'flatted', 'superjson', 'devalue', 'json5', 'fast-json-parse', 'simdjson', 'lossless-json'],
  regex: ['re2', 'safe-regex'],
  crypto: ['bcryptjs', 'crypto-js', 'node-forge', 'tweetnacl', 'js-sha256', 'js-sha512', 'jssha', '@noble/hashes', '@noble/curves',
    'scrypt-js', 'jsonwebtoken', 'jws', 'jwa', 'argon2-browser'],
  fs: ['graceful-fs', 'fs-extra'],
  compression: ['pako', 'fflate', 'brotli', 'lz-string', 'zlib-sync', 'iltorb', 'lz4', 'snappyjs'],
  childProcess: [],
};

const packageBucket = new Map<string, BucketId>();
for (const id of BUCKET_IDS) for (const p of PACKAGES[id]) packageBucket.set(p, id);

const STDIO_FRAME_NAMES: ReadonlySet<string> = new Set(Object.values(STDIO_WRITE_FRAMES));

const nodeModule = (url: string) => url.replace(/^node:/, '').replace(/\.js$/, '');

function nodeBucket(frame: Frame): BucketId | null {
  // Flambé's wrappers around stdout/stderr: the write, and the flush of what the stream buffered when the pipe was full
  // (not its wrapper of fs.writeSync, which every file write of the process passes).
  if (frame.url === OUTPUT_COUNTER_URL) return STDIO_FRAME_NAMES.has(frame.name) ? 'logging' : null;
  const m = nodeModule(frame.url);
  if (m.startsWith('internal/console/') || m === 'internal/fs/sync_write_stream' || m === 'internal/util/debuglog') return 'logging';
  if (m === 'crypto' || m.startsWith('internal/crypto/')) return 'crypto';
  if (m === 'zlib' || m.startsWith('internal/zlib')) return 'compression';
  if ((m === 'fs' || m.startsWith('internal/fs/')) && frame.name.endsWith('Sync')) return 'fs';
  // child_process.execSync/execFileSync/spawnSync, and the spawnSync of internal/child_process under them.
  if ((m === 'child_process' || m === 'internal/child_process') && frame.name.endsWith('Sync')) return 'childProcess';
  return null;
}

function nativeBucket(frame: Frame): BucketId | null {
  const name = frame.name;
  // Irregexp's compiled code shows as "RegExp: <source>".
  if (name.startsWith('RegExp: ') || name === 'RegExp') return 'regex';
  if (name === 'JSON.parse' || name === 'JSON.stringify' || name === 'parse' || name === 'stringify') return 'json';
  // The inspector's wrapper around console.* methods.
  if (name === 'consoleCall') return 'logging';
  return null;
}

function dependencyBucket(frame: Frame, pkg: string): BucketId | null {
  const byPackage = packageBucket.get(pkg);
  if (byPackage) return byPackage;
  // JSON wrappers in web frameworks: express's res.json / its stringify helper, body-parser's JSON parser.
  if (pkg === 'express' && /\/lib\/response\.js$/.test(frame.url) && (frame.name === 'json' || frame.name === 'stringify' || frame.name === 'jsonp')) return 'json';
  if (pkg === 'body-parser' && /\/lib\/types\/json\.js$/.test(frame.url)) return 'json';
  return null;
}

/** The bucket a frame's own code belongs to, or null. */
export function frameBucket(frame: Frame, cls: FrameClass = classifyFrame(frame)): BucketId | null {
  switch (cls.kind) {
    case 'node': return nodeBucket(frame);
    case 'native': return nativeBucket(frame);
    case 'dependency': return dependencyBucket(frame, cls.packageName);
    default: return null;
  }
}

/** Frames that end the leaf-side run (see the rule above): your code and non-bucket dependencies. */
export function stopsBucketRun(cls: FrameClass, bucket: BucketId | null): boolean {
  return bucket === null && (cls.kind === 'user' || cls.kind === 'dependency');
}
