// The few DOM globals that page-side callbacks of these specs use, typed here because the Node-side TypeScript
// project (which type-checks test/) has no DOM library. In a callback passed to evaluate():
// `const { document, getComputedStyle } = globalThis as unknown as PageGlobals;` (erased when compiled).
export interface PageElement {
  readonly dataset: Record<string, string | undefined>;
  readonly parentElement: PageElement | null;
  readonly scrollWidth: number;
  readonly scrollHeight: number;
  readonly style: { color: string };
  append(child: PageElement): void;
  remove(): void;
}

export interface PageStyle {
  readonly color: string;
  readonly backgroundColor: string;
  readonly borderTopWidth: string;
  readonly overflow: string;
  readonly contain: string;
  readonly fontFamily: string;
  getPropertyValue(name: string): string;
}

export interface PageGlobals {
  readonly document: {
    readonly documentElement: PageElement;
    readonly body: PageElement;
    readonly scrollingElement: PageElement | null;
    createElement(tag: string): PageElement;
  };
  readonly innerWidth: number;
  readonly innerHeight: number;
  getComputedStyle(el: PageElement): PageStyle;
}
