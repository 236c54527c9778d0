// The `Params` the render engine reads: typed accessors over the effective parameters.
import { CATALOGUE, canonicalName, expectationsOf } from './catalogue.ts';
import { namesWithDependencies } from './dependencies.ts';
import { normaliseValue } from './normalise.ts';
import type { FrameInterval, ParamValue, Params, Rgba } from './types.ts';
import { parseValue } from './values.ts';

/** A parsed parameter: its value and the text it came from (after `*64` decoding). */
export interface ParsedEntry {
  readonly raw: string;
  readonly value: ParamValue;
}

const catalogueDefaults = new Map<string, ParamValue | undefined>();

/** The catalogue default of a canonical name, parsed like a request value. */
function catalogueDefault(name: string): ParamValue | undefined {
  if (catalogueDefaults.has(name)) return catalogueDefaults.get(name);
  const spec = CATALOGUE.parameters[name];
  const declared =
    spec?.default ?? spec?.expects.find((entry) => entry.default !== undefined)?.default;
  let value: ParamValue | undefined;
  // `bg-replace` and friends declare `false` for "off" although their values are text.
  const meansOff = declared === false && !spec?.expects.some((entry) => entry.type === 'boolean');
  if (spec && declared !== undefined && !meansOff) {
    const parsed = parseValue(String(declared), expectationsOf(name));
    value = parsed.ok ? parsed.value : undefined;
  }
  catalogueDefaults.set(name, value);
  return value;
}

export class ParsedParams implements Params {
  readonly #given: ReadonlyMap<string, ParsedEntry>;
  readonly #effective: ReadonlyMap<string, ParsedEntry>;

  /** `given` holds every accepted parameter by canonical name; dependencies are applied here. */
  constructor(given: ReadonlyMap<string, ParsedEntry>) {
    this.#given = given;
    const values = new Map([...given].map(([name, entry]) => [name, entry.value]));
    const kept = namesWithDependencies(values);
    this.#effective = new Map([...given].filter(([name]) => kept.has(name)));
  }

  has(name: string): boolean {
    return this.#entry(name) !== undefined;
  }

  get(name: string): ParamValue | undefined {
    return this.#entry(name)?.value;
  }

  getOrDefault(name: string): ParamValue | undefined {
    return this.get(name) ?? catalogueDefault(canonicalName(name) ?? name);
  }

  number(name: string): number | undefined {
    const value = this.get(name);
    switch (value?.type) {
      case 'integer':
      case 'number':
      case 'unit_scalar':
      case 'timestamp':
        return value.value;
      default:
        return undefined;
    }
  }

  string(name: string): string | undefined {
    const value = this.get(name);
    switch (value?.type) {
      case 'string':
      case 'url':
      case 'path':
      case 'font':
        return value.value;
      default:
        return undefined;
    }
  }

  boolean(name: string): boolean | undefined {
    const value = this.get(name);
    return value?.type === 'boolean' ? value.value : undefined;
  }

  color(name: string): Rgba | undefined {
    const value = this.get(name);
    return value?.type === 'color' ? value.value : undefined;
  }

  ratio(name: string): { width: number; height: number } | undefined {
    const value = this.get(name);
    return value?.type === 'ratio' ? value.value : undefined;
  }

  list(name: string): readonly ParamValue[] | undefined {
    const value = this.get(name);
    return value?.type === 'list' ? value.value : undefined;
  }

  interval(name: string): FrameInterval | undefined {
    const value = this.get(name);
    return value?.type === 'interval' ? value.value : undefined;
  }

  strings(name: string): readonly string[] {
    const value = this.get(name);
    if (value?.type === 'string') return [value.value];
    if (value?.type !== 'list') return [];
    return value.value.flatMap((member) => (member.type === 'string' ? [member.value] : []));
  }

  names(): readonly string[] {
    return [...this.#effective.keys()].sort();
  }

  raw(name: string): string | undefined {
    return this.#entry(name)?.raw;
  }

  cacheKey(): string {
    return this.names()
      .map((name) => {
        const entry = this.#effective.get(name);
        const text = entry ? normaliseValue(name, entry.value) : '';
        return `${name}=${encodeURIComponent(text)}`;
      })
      .join('&');
  }

  with(overrides: Readonly<Record<string, string | undefined>>): Params {
    const given = new Map(this.#given);
    for (const [name, raw] of Object.entries(overrides)) {
      const canonical = canonicalName(name);
      if (canonical === undefined) continue;
      if (raw === undefined) {
        given.delete(canonical);
        continue;
      }
      const parsed = parseValue(raw, expectationsOf(canonical));
      if (parsed.ok) given.set(canonical, { raw, value: parsed.value });
    }
    return new ParsedParams(given);
  }

  #entry(name: string): ParsedEntry | undefined {
    return this.#effective.get(canonicalName(name) ?? name);
  }
}
