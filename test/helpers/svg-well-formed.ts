// A small XML well-formedness check for SVG built as strings (node tests have no DOM parser).

/** Throws unless every tag of `svg` is closed in order (a small XML well-formedness check: no DOM in node). */
export function assertWellFormed(svg: string): void {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>/g)) {
    const [, close, name, attrs, self] = m;
    if (/[<&](?!#\d+;)/.test(attrs!.replace(/&#\d+;/g, ''))) throw new Error(`unescaped character in <${name}${attrs}>`);
    if (self === '/') continue;
    if (close === '/') {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
    } else stack.push(name!);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('>, <')}>`);
  const text = svg.replace(/<[^>]*>/g, '');
  if (/[<>]|&(?!#\d+;)/.test(text)) throw new Error('unescaped text');
}
