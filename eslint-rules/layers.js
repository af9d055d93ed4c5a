// ESLint rule `recheck/layers`: dependencies point one way, checkers <- app <- main / renderer.
// Modelled on VS Code's layer rule: every source file belongs to a layer, and each layer names what it may
// import. A file outside every layer is itself an error, so a new folder cannot slip past the rule.
import { builtinModules } from 'node:module';
import path from 'node:path';

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Layer of a repository-relative path, or null when the file belongs to none. */
export function layerOf(rel) {
  const p = rel.split(path.sep).join('/');
  // Build configuration (vite, vitest, electron-vite, playwright) is tooling wherever it sits.
  if (/(^|\/)[^/]+\.config\.(ts|js|mjs|cjs)$/.test(p)) return 'tooling';
  if (p.startsWith('checkers/')) return 'checkers';
  if (p.startsWith('app/api/contract') || p.startsWith('app/api/methods')) return 'contract';
  // The sandbox run protocol (message types + a parser) and the sandbox page's messages (types only) are
  // spoken by the renderer's sandbox page and by both hosts (the app page, the main process).
  // The bounded JSON reader is pure and guards both sides' parsing of each other's messages.
  if (/^app\/sandbox\/(protocol|page-messages|page-reader)(\.ts)?$/.test(p) || /^app\/json\/bounded(\.ts)?$/.test(p)) return 'contract';
  // The Markdown math rules are pure and render the same formulas in the app's panes and in reports and letters.
  if (/^app\/text\/markdown-math(\.ts)?$/.test(p)) return 'contract';
  if (p.startsWith('app/')) return 'app';
  if (p.startsWith('main/')) return 'main';
  if (p.startsWith('renderer/')) return 'renderer';
  if (/^cases\/[^/]+\/sandbox\//.test(p)) return 'sandbox';
  if (p.startsWith('test/') || p.startsWith('bench/') || p.startsWith('scripts/') || p.startsWith('bin/')) return 'tooling';
  if (p.startsWith('eslint-rules/') || !p.includes('/')) return 'tooling';
  return null;
}

// Which layers each layer may import from, and whether Node, Electron or the DOM are allowed.
const POLICY = {
  checkers: { layers: ['checkers'], node: false, electron: false, dom: false },
  contract: { layers: ['contract', 'checkers'], node: false, electron: false, dom: false },
  app: { layers: ['app', 'contract', 'checkers'], node: true, electron: false, dom: false },
  main: { layers: ['main', 'app', 'contract', 'checkers'], node: true, electron: true, dom: false },
  renderer: { layers: ['renderer', 'contract', 'checkers'], node: false, electron: false, dom: true },
  sandbox: { layers: ['sandbox', 'checkers'], node: false, electron: false, dom: false },
  tooling: { layers: null, node: true, electron: true, dom: true },
};

const DOM_GLOBALS = ['window', 'document', 'navigator', 'localStorage', 'fetch', 'XMLHttpRequest', 'WebSocket'];
const NODE_GLOBALS = ['process', 'require', 'Buffer', '__dirname', '__filename'];

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the checkers <- app <- main / renderer layering' },
    schema: [],
    messages: {
      noLayer: 'File {{file}} belongs to no layer (checkers, app, main, renderer, cases/*/sandbox, test, bench, scripts).',
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

    function checkSpecifier(node, spec) {
      if (typeof spec !== 'string') return;
      if (spec === 'electron' || spec.startsWith('electron/')) {
        if (!policy.electron) context.report({ node, messageId: 'electronImport', data: { from } });
        return;
      }
      if (NODE_BUILTINS.has(spec) || spec.startsWith('node:')) {
        if (!policy.node) context.report({ node, messageId: 'nodeImport', data: { from, spec } });
        return;
      }
      if (!spec.startsWith('.') || policy.layers === null) return;
      const target = path.relative(root, path.resolve(path.dirname(file), spec));
      const to = layerOf(target) ?? 'none';
      if (!policy.layers.includes(to)) context.report({ node, messageId: 'crossLayer', data: { from, spec, to } });
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
      'Identifier'(node) {
        const parent = node.parent;
        if (!parent) return;
        // Only free references: skip property keys, member properties, declarations.
        if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) return;
        if ((parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') && parent.key === node && !parent.computed) return;
        if (parent.type.startsWith('TS')) return;
        checkGlobal(node);
      },
    };
  },
};
