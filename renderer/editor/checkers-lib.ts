/**
 * The checkers library as the sandbox editor sees it: the declarations generated at build time
 * (scripts/checkers-types.ts) become extra libraries of Monaco's TypeScript and JavaScript services, at the
 * URIs the sandbox's imports resolve to. Models live at `file:///<case>/sandbox/...` (SandboxPane), so the
 * relative form `../../../checkers/x` (any number of `../`, as the bundler accepts) reaches `file:///checkers/x`,
 * and the bare form `@recheck/checkers/x` is mapped there by `paths`.
 */
import type * as Monaco from 'monaco-editor';
import declarations from 'virtual:recheck-checkers-dts';

/** Where a generated declaration is placed. Example: `libUri('checkers/exact/rational.d.ts')` is 'file:///checkers/exact/rational.d.ts'. */
export function libUri(path: string): string {
  return `file:///${path}`;
}

/** Compiler options shared by the TypeScript and JavaScript services (the repository's tsconfig.base.json, where Monaco has them). */
export function sandboxCompilerOptions(ts: typeof Monaco.typescript): Monaco.typescript.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2020,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.NodeJs,
    strict: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    allowNonTsExtensions: true,
    allowJs: true,
    baseUrl: 'file:///',
    paths: { '@recheck/checkers/*': ['checkers/*'] },
  };
}

/** Loads the declarations into both services (idempotent: setExtraLibs replaces). Returns how many files. */
export function loadCheckersLib(ts: typeof Monaco.typescript): number {
  const libs = Object.entries(declarations).map(([path, content]) => ({ content, filePath: libUri(path) }));
  ts.typescriptDefaults.setExtraLibs(libs);
  ts.javascriptDefaults.setExtraLibs(libs);
  return libs.length;
}
