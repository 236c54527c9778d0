// Catalogue aliases written `name=value`: the pair as a whole is another spelling of a parameter
// set to a value. The 11.x catalogue has one, `video-generate=vtt`, an alias of
// video-generate-subtitles, whose page (docs.imgix.com/apis/video/subtitles/
// video-generate-subtitles) names the sidecar it makes a "VTT file": the pair asks for the
// generated WebVTT track, as video-generate-subtitles=true does.
import { CATALOGUE } from './catalogue.ts';

/** What each `name=value` alias sets its parameter to, by the alias as the catalogue writes it. */
const MEANINGS: Readonly<Record<string, string>> = {
  'video-generate=vtt': 'true',
};

interface ValueAlias {
  name: string;
  value: string;
  canonical: string;
  meaning: string;
}

/** The catalogue's `name=value` aliases that have a meaning here, by their name. */
const byName = new Map<string, ValueAlias[]>();
for (const [alias, canonical] of Object.entries(CATALOGUE.aliases)) {
  const meaning = MEANINGS[alias];
  const equals = alias.indexOf('=');
  if (meaning === undefined || equals === -1 || !(canonical in CATALOGUE.parameters)) continue;
  const name = alias.slice(0, equals);
  const entry = { name, value: alias.slice(equals + 1), canonical, meaning };
  byName.set(name, [...(byName.get(name) ?? []), entry]);
}

/**
 * What the pair `written=text` stands for: its canonical parameter and the value it sets, the
 * values the name takes when `text` is none of them (a bad value of a known name), or null when
 * `written` is no alias's name. The value is read case-insensitively, as enumerated values are.
 */
export function valueAlias(
  written: string,
  text: string,
): { canonical: string; text: string } | { canonical: string; expected: string[] } | null {
  const aliases = byName.get(written);
  const first = aliases?.[0];
  if (aliases === undefined || first === undefined) return null;
  const found = aliases.find((alias) => alias.value === text.trim().toLowerCase());
  if (found === undefined) {
    return { canonical: first.canonical, expected: aliases.map((alias) => alias.value) };
  }
  return { canonical: found.canonical, text: found.meaning };
}
