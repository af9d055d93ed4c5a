// Modules the renderer build generates (scripts/checkers-types.ts).
declare module 'virtual:recheck-checkers-dts' {
  /** Declarations keyed by path: `checkers/exact/rational.d.ts`, `node_modules/decimal.js/index.d.ts`. */
  const files: Readonly<Record<string, string>>;
  export default files;
}
