/**
 * The parsed form of rendering parameters (editor spec section 3, the `imgix-url-params`
 * catalogue). `parseParams` (parse.ts) turns a query string into a `Params`; the render
 * engine reads it through the typed accessors below and never sees raw strings.
 */

/** A colour with 0-255 channels and a 0-1 alpha. imgix hex forms: RGB, ARGB, RRGGBB, AARRGGBB. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

/** Inclusive bounds of an interval value; at least one is set. */
export interface FrameInterval {
  start: number | undefined;
  end: number | undefined;
}

/** One value as the catalogue typed it; `type` is the catalogue `expects` entry that matched. */
export type ParamValue =
  | { type: 'integer' | 'number' | 'unit_scalar' | 'timestamp'; value: number }
  /** A frame range `M-N`, `M-` or `-N` (imgix `frame`); an open end is undefined. */
  | { type: 'interval'; value: FrameInterval }
  | { type: 'boolean'; value: boolean }
  | { type: 'string' | 'url' | 'path' | 'font'; value: string }
  | { type: 'color'; value: Rgba }
  | { type: 'ratio'; value: { width: number; height: number } }
  | { type: 'list'; value: readonly ParamValue[] };

/** Why a query was refused, in the wording of editor spec section 5. */
export interface ParamIssue {
  /** The parameter as the request named it (alias or `*64` form included). */
  parameter: string;
  message: string;
}

export type ParseResult =
  | {
      ok: true;
      params: Params;
      /**
       * The names of the query that were ignored (unknown or deprecated, when parsed with
       * `unknownNames: 'ignore'`), as written, once each, in query order.
       */
      ignored: readonly string[];
    }
  | { ok: false; issues: ParamIssue[] };

/** Parsed, validated parameters keyed by canonical name (aliases resolved, `*64` decoded). */
export interface Params {
  /** True when the request (or the source's default_params) set this parameter. */
  has(name: string): boolean;
  /** The parsed value, or undefined when absent. */
  get(name: string): ParamValue | undefined;
  /** The parsed value, else the catalogue default (parsed), else undefined. */
  getOrDefault(name: string): ParamValue | undefined;
  /** Any numeric value (integer, number, unit_scalar, timestamp). */
  number(name: string): number | undefined;
  string(name: string): string | undefined;
  boolean(name: string): boolean | undefined;
  color(name: string): Rgba | undefined;
  ratio(name: string): { width: number; height: number } | undefined;
  list(name: string): readonly ParamValue[] | undefined;
  /** An interval value (`frame=2-10`); a single frame (`frame=3`) is a number instead. */
  interval(name: string): FrameInterval | undefined;
  /** A list parameter's string members (e.g. `auto` -> ['format', 'compress']); [] when absent. */
  strings(name: string): readonly string[];
  /** Canonical names present, sorted. */
  names(): readonly string[];
  /** The value string as given (after `*64` decoding), for messages and the cache key. */
  raw(name: string): string | undefined;
  /**
   * A stable string of every effective parameter, sorted by canonical name with normalised
   * values, so equal renders share one cache entry (`w=100&width=100` twice is one key).
   */
  cacheKey(): string;
  /**
   * A copy with these raw values parsed in (or removed when undefined); used for `ch` client
   * hints. An override that does not parse is left out: hints are best effort, never a 400.
   */
  with(overrides: Readonly<Record<string, string | undefined>>): Params;
}
