// core compiles without DOM or Node typings, yet browsers and Node.js both ship the WHATWG URL
// parser. This module is the one place that reaches for it, through a minimal typed view.

export interface ParsedUrl {
  readonly href: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

type UrlConstructor = new (input: string) => ParsedUrl;

/** Parses `input` with the platform's WHATWG URL parser; null when it is not a valid URL. */
export function parseUrl(input: string): ParsedUrl | null {
  const Url = (globalThis as unknown as { URL: UrlConstructor }).URL;
  try {
    return new Url(input);
  } catch {
    return null;
  }
}
