// ESLint rule `recheck/layers`: dependencies point one way, checkers <- common <- app <- main, common <- renderer.
// Modelled on VS Code's layer rule: every source file belongs to a layer, and each layer names what it may
// import. A file outside every layer is itself an error, so a new folder cannot slip past the rule.
import { builtinModules } from 'node:module';
import path from 'node:path';

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/**
 * Layer of a repository-relative path, or null when the file belongs to none. A file's layer is its folder:
 * checkers/, common/ (pure code every side may import: the API contract, the sandbox protocol, bounded JSON,
 * shared words and text rules), app/ (the core on Node), app/sandbox/inside/ (the runtime that runs inside the
 * sandbox, Worker or Node child) and its node/ folder (the Node child's own entry), main/, renderer/, the
 * bundled cases' sandbox code, and tooling (tests, benchmarks, scripts, lint rules, files at the root).
 */
export function layerOf(rel) {
  const p = rel.split(path.sep).join('/');
  if (p.startsWith('checkers/')) return 'checkers';
  if (p.startsWith('common/')) return 'common';
  if (p.startsWith('app/sandbox/inside/node/')) return 'runtime-node';
  if (p.startsWith('app/sandbox/inside/')) return 'runtime';
  if (p.startsWith('app/')) return 'app';
  if (p.startsWith('main/')) return 'main';
  if (p.startsWith('renderer/')) return 'renderer';
  if (/^cases\/[^/]+\/sandbox\//.test(p)) return 'sandbox';
  if (p.startsWith('test/') || p.startsWith('bench/') || p.startsWith('scripts/') || p.startsWith('bin/')) return 'tooling';
  if (p.startsWith('eslint-rules/') || !p.includes('/')) return 'tooling';
  return null;
}

/**
 * The order of app/'s folders, lower to higher: a folder may import only folders of a lower rank (the files at
 * app/'s root, errors.ts and paths.ts, are the lowest). Folders of one rank do not import each other. A folder
 * missing here is an error, so a new one is placed deliberately. test/lint/app-graph.test.ts computes the
 * folder-level import graph and checks it has no cycle and follows this order.
 */
export const APP_ORDER = [
  ['.'],
  ['text'],
  ['fs'],
  ['json'],
  ['tables', 'images', 'security'],
  ['sandbox', 'metrics'],
  ['runs'],
  ['settings'],
  ['cases'],
  ['logbook'],
  ['replay'],
  ['perceptual', 'screen'],
  ['checks'],
  ['verdicts', 'reports'],
  ['letters'],
  ['queue'],
  ['api', 'server'],
  ['cli'],
];

/** Folder of an app/ path for the order ('.' for app/'s own files), or null outside app/. */
export function appFolderOf(rel) {
  const p = rel.split(path.sep).join('/');
  if (!p.startsWith('app/')) return null;
  const parts = p.split('/');
  return parts.length === 2 ? '.' : parts[1];
}

/** Rank of an app/ folder in APP_ORDER, or -1 when it has no place. */
export function appRank(folder) {
  return APP_ORDER.findIndex((tier) => tier.includes(folder));
}

// The Node modules the sandbox's Node child runtime may use (app/sandbox/inside/node): what it needs to read its
// request, time the run and hand untrusted code the safe modules. Anything else is a deliberate change here.
const RUNTIME_NODE_MODULES = new Set([
  'assert',
  'assert/strict',
  'buffer',
  'crypto',
  'events',
  'fs',
  'module',
  'path',
  'perf_hooks',
  'string_decoder',
  'timers',
  'timers/promises',
  'url',
  'util',
]);

// Which layers each layer may import from, and whether Node, Electron or the DOM are allowed.
const POLICY = {
  checkers: { layers: ['checkers'], node: false, electron: false, dom: false },
  common: { layers: ['common', 'checkers'], node: false, electron: false, dom: false },
  runtime: { layers: ['runtime', 'common', 'checkers'], node: false, electron: false, dom: false },
  'runtime-node': { layers: ['runtime-node', 'runtime', 'common', 'checkers'], node: RUNTIME_NODE_MODULES, electron: false, dom: false },
  app: { layers: ['app', 'runtime', 'common', 'checkers'], node: true, electron: false, dom: false },
  main: { layers: ['main', 'app', 'common', 'checkers'], node: true, electron: true, dom: false },
  renderer: { layers: ['renderer', 'common', 'checkers'], node: false, electron: false, dom: true },
  sandbox: { layers: ['sandbox', 'checkers'], node: false, electron: false, dom: false },
  tooling: { layers: null, node: true, electron: true, dom: true },
};

const DOM_GLOBALS = ['window', 'document', 'navigator', 'localStorage', 'fetch', 'XMLHttpRequest', 'WebSocket'];
const NODE_GLOBALS = ['process', 'require', 'Buffer', '__dirname', '__filename'];

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Enforce the layering: checkers <- common <- app <- main, common <- renderer, the sandbox runtime apart, and the order of app/ folders',
    },
    schema: [],
    messages: {
      noLayer: 'File {{file}} belongs to no layer (checkers, common, app, main, renderer, cases/*/sandbox, test, bench, scripts).',
      noAppPlace: 'Folder app/{{folder}} has no place in the app order (APP_ORDER in eslint-rules/layers.js).',
      appOrder:
        'app/{{from}} may not import app/{{to}} ({{spec}}): app/{{to}} is not below app/{{from}} in the app order (APP_ORDER in eslint-rules/layers.js).',
      crossLayer: 'Layer "{{from}}" may not import "{{spec}}" (layer "{{to}}").',
      nodeImport: 'Layer "{{from}}" may not import the Node module "{{spec}}".',
      electronImport: 'Layer "{{from}}" may not import Electron.',
      global: 'Layer "{{from}}" may not use the global "{{name}}".',
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const rel = path.relative(root, file);
    const from = layerOf(rel);
    if (from === null) {
      return {
        Program(node) {
          context.report({ node, messageId: 'noLayer', data: { file: rel } });
        },
      };
    }
    const policy = POLICY[from];
    if (from === 'app' && appRank(appFolderOf(rel)) < 0) {
      return {
        Program(node) {
          context.report({ node, messageId: 'noAppPlace', data: { folder: appFolderOf(rel) } });
        },
      };
    }

    function checkSpecifier(node, spec) {
      if (typeof spec !== 'string') return;
      if (spec === 'electron' || spec.startsWith('electron/')) {
        if (!policy.electron) context.report({ node, messageId: 'electronImport', data: { from } });
        return;
      }
      if (NODE_BUILTINS.has(spec) || spec.startsWith('node:')) {
        const bare = spec.replace(/^node:/, '');
        const allowed = policy.node instanceof Set ? policy.node.has(bare) : policy.node;
        if (!allowed) context.report({ node, messageId: 'nodeImport', data: { from, spec } });
        return;
      }
      if (!spec.startsWith('.') || policy.layers === null) return;
      const target = path.relative(root, path.resolve(path.dirname(file), spec));
      const to = layerOf(target) ?? 'none';
      if (!policy.layers.includes(to)) {
        context.report({ node, messageId: 'crossLayer', data: { from, spec, to } });
        return;
      }
      if (from === 'app' && to === 'app') {
        const a = appFolderOf(rel);
        const b = appFolderOf(target);
        if (a !== b && appRank(b) >= appRank(a)) context.report({ node, messageId: 'appOrder', data: { from: a, to: b, spec } });
      }
    }

    function checkGlobal(node) {
      const forbidden = [...(policy.dom ? [] : DOM_GLOBALS), ...(policy.node ? [] : NODE_GLOBALS)];
      if (!forbidden.includes(node.name)) return;
      const scope = context.sourceCode.getScope(node);
      let s = scope;
      while (s) {
        const v = s.set.get(node.name);
        if (v && v.defs.length > 0) return; // a local binding shadows the global
        s = s.upper;
      }
      context.report({ node, messageId: 'global', data: { from, name: node.name } });
    }

    return {
      ImportDeclaration(node) {
        checkSpecifier(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        checkSpecifier(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source) checkSpecifier(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') checkSpecifier(node, node.source.value);
      },
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal') {
          checkSpecifier(node, node.arguments[0].value);
        }
      },
      Identifier(node) {
        const parent = node.parent;
        if (!parent) return;
        // Only free references: skip property keys, member properties, declarations.
        if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) return;
        if (
          (parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') &&
          parent.key === node &&
          !parent.computed
        )
          return;
        if (parent.type.startsWith('TS')) return;
        checkGlobal(node);
      },
    };
  },
};
