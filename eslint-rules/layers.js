// The layer fence (docs/ARCHITECTURE.md "Layering"): for each folder, an
// ALLOW-list of what it may import — other folders of the repo and npm
// packages — in the spirit of VS Code's code-layering rule. Anything not on
// its list is an error, so a new wrong-way import cannot slip through the way
// it could past a deny-list. test/fence/ proves every rule still fires.
import { builtinModules } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const NODE = '<node built-ins>';
const nodeBuiltins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/**
 * Layers, most specific first. `folders`: repo folders the layer may import
 * from (relative imports); `packages`: npm packages (NODE = Node's built-ins);
 * `typeOnlyPackages`: packages it may import types from, never a value.
 */
export const LAYERS = [
  {
    name: 'shared', files: /^shared\//,
    // devtools-protocol: the V8 profile's and CDP's types, generated from the protocol (types only, no run-time code).
    folders: ['shared/'], packages: ['zod'], typeOnlyPackages: ['devtools-protocol'],
    why: 'shared/ is pure and runs in Node and in the browser: it imports only shared/ and zod.',
  },
  {
    name: 'renderer build', files: /^renderer\/[^/]+\.ts$/,
    folders: ['renderer/', 'shared/'], packages: ['vite', '@vitejs/plugin-react', NODE],
    why: 'renderer/*.ts configures the build: vite, shared/ and renderer/ only.',
  },
  {
    name: 'renderer', files: /^renderer\//,
    // recheck: the verdict's ReDoS check runs in the analysis worker (its pure-JS build, lib/browser.js).
    folders: ['renderer/', 'shared/'], packages: ['react', 'react-dom', 'd3-flame-graph', 'd3-selection', '@tanstack/react-virtual', 'recheck'],
    why: 'the renderer is a browser page: it imports renderer/, shared/ and its UI libraries, and talks to the services only through the contract.',
  },
  {
    name: 'services', files: /^electron\/services\//,
    // pprof-format: the pprof export's encoder (export-pprof.ts); @jridgewell/trace-mapping: source maps read
    // at recording time (source/source-maps.ts). Both pure JS, used only where a recording is made or exported.
    // recheck: the same ReDoS check for the CLI's verdict (services/verdict/regex-check.ts; shared/ may not import it).
    folders: ['electron/services/', 'shared/'], packages: [NODE, 'zod', 'ws', 'chrome-remote-interface', 'autocannon', 'hdr-histogram-js', 'pprof-format', '@jridgewell/trace-mapping', 'recheck'],
    typeOnlyPackages: ['devtools-protocol'],
    why: 'electron/services/ is plain Node below every transport: no electron, no renderer, no transport.',
  },
  {
    name: 'service host', files: /^electron\/service-host\//,
    folders: ['electron/service-host/', 'electron/services/', 'shared/'], packages: [NODE],
    why: 'the service host is plain Node: services/ and shared/ only, never electron.',
  },
  {
    name: 'web', files: /^electron\/web\//,
    folders: ['electron/web/', 'electron/services/', 'shared/'], packages: [NODE, 'ws'],
    why: 'electron/web/ serves the services over HTTP: services/ and shared/ only.',
  },
  {
    name: 'cli', files: /^electron\/cli\//,
    folders: ['electron/cli/', 'electron/services/', 'shared/'], packages: [NODE],
    why: 'electron/cli/ runs the services in a terminal: services/ and shared/ only.',
  },
  {
    name: 'main', files: /^electron\/main\//,
    folders: ['electron/main/', 'electron/service-host/protocol.ts', 'electron/services/', 'shared/'], packages: [NODE, 'electron'],
    why: 'electron/main/ is the thin Electron shell: the service host protocol, services/ and shared/, never the renderer.',
  },
  {
    name: 'preload', files: /^electron\/preload\//,
    folders: ['electron/preload/', 'shared/api-methods.ts', 'shared/api-sentences.ts', 'shared/bridge.ts'], typeOnlyFolders: ['shared/'], packages: ['electron'],
    why: 'the sandboxed preload bundles everything it imports: only electron and the run-time-free shared/api-methods.ts, shared/api-sentences.ts and shared/bridge.ts.',
  },
];

// Tests and test-only helpers of a layer may also use the test tools and the test folder.
const TEST_FILE = /(\.test\.tsx?$)|(\/test-support\/)/;
const TEST_EXTRA = { folders: ['test/'], packages: ['vitest', 'fast-check'] };

function packageName(spec) {
  if (nodeBuiltins.has(spec) || nodeBuiltins.has(spec.split('/')[0])) return NODE;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** What `spec`, imported from `file` (repo-relative), names, or why it is refused. */
export function checkImport(file, spec, typeOnly) {
  const layer = LAYERS.find((l) => l.files.test(file));
  if (!layer) return null;
  const isTest = TEST_FILE.test(file);
  const folders = [...layer.folders, ...(isTest ? TEST_EXTRA.folders : []), ...(typeOnly ? layer.typeOnlyFolders ?? [] : [])];
  const packages = [...layer.packages, ...(isTest ? TEST_EXTRA.packages : []), ...(typeOnly ? layer.typeOnlyPackages ?? [] : [])];
  if (spec.startsWith('.')) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec.split('?')[0]));
    if (folders.some((f) => (f.endsWith('/') ? target.startsWith(f) : target === f))) return null;
    return `${layer.name}: "${spec}" (${target}) is not allowed here — ${layer.why}`;
  }
  const pkg = packageName(spec);
  if (packages.includes(pkg)) return null;
  return `${layer.name}: "${spec}" is not allowed here — ${layer.why}`;
}

const rule = {
  meta: { type: 'problem', docs: { description: 'Each layer imports only what its allow-list names.' }, schema: [] },
  create(context) {
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    if (file.startsWith('..')) return {};
    const check = (node, source, typeOnly) => {
      if (!source || typeof source.value !== 'string') return;
      const why = checkImport(file, source.value, typeOnly);
      if (why) context.report({ node, message: why });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null, false),
      TSImportType: (node) => {
        const arg = node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument;
        check(node, arg, true);
      },
    };
  },
};

export default { rules: { 'allowed-imports': rule } };
