/**
 * Links the reviewer follows out of the app. Logbooks and paper summaries are untrusted Markdown, so a link's
 * text can say arxiv.org while it points elsewhere: before anything opens, the reviewer sees the URL a browser
 * would open (normalised by the URL parser: an internationalised host in punycode, credentials kept visible, the
 * host named in the question) and says yes. Only https, at most MAX_EXTERNAL_URL_CHARS characters, and one
 * question at a time: links followed while a question is open are dropped, so a page cannot stack dialogs.
 * Example: `confirmExternalLinks({ ask, openExternal })('https://arxiv.org/abs/2401.00001')` asks, then opens.
 */

/** True for URLs we hand to the system browser: https only (never file:, javascript:, custom schemes). */
export function isExternalLink(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Longest URL shown and opened; a longer one is refused without a question. */
export const MAX_EXTERNAL_URL_CHARS = 2048;

export interface ExternalLinkQuestion {
  /** One line naming the host the link goes to. */
  readonly message: string;
  /** The full URL as it will be opened. */
  readonly detail: string;
}

export interface ExternalLinkDeps {
  /** Asks the reviewer (a native dialog in the app); true to open. */
  ask(question: ExternalLinkQuestion): Promise<boolean>;
  /** Opens the URL in the system browser (shell.openExternal). */
  openExternal(url: string): Promise<void>;
}

export type ExternalLinkOutcome = 'opened' | 'declined' | 'refused' | 'busy';

/** The URL as a browser would open it, or null when it is not an https URL that can be shown whole. */
export function shownExternalUrl(url: string): URL | null {
  if (url.length > MAX_EXTERNAL_URL_CHARS || !isExternalLink(url)) return null;
  const parsed = new URL(url);
  return parsed.href.length > MAX_EXTERNAL_URL_CHARS ? null : parsed;
}

/** The link handler of every web contents (hardenWebContents' `openExternal`). */
export function confirmExternalLinks(deps: ExternalLinkDeps): (url: string) => Promise<ExternalLinkOutcome> {
  let asking = false;
  return async (url) => {
    const parsed = shownExternalUrl(url);
    if (parsed === null) return 'refused';
    if (asking) return 'busy';
    asking = true;
    try {
      const yes = await deps.ask({ message: `Open a link to ${parsed.host} in your browser?`, detail: parsed.href });
      if (!yes) return 'declined';
      await deps.openExternal(parsed.href);
      return 'opened';
    } finally {
      asking = false;
    }
  };
}
