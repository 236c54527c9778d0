// One spelling of an origin path in usage (delivery/usage.ts usagePath): events written before
// delivery spelt every path with its leading `/` may hold `a.png` beside `/a.png`, and the
// analytics and billing queries read them as one asset.
import { sql, type RawBuilder } from 'kysely';

/** `path` (a column or expression of usage paths) with exactly one leading `/`. */
export function usagePathSql(path: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`('/' || ltrim(${path}, '/'))`;
}
