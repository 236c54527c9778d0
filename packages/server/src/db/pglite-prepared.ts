import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * Statements worth keeping parsed and planned: the queries the application repeats. Everything
 * else (transaction control, DDL, SET) runs as it comes.
 */
const REPEATABLE = /^\s*(?:select|insert|update|delete|with)\b/i;
/** Statements that cannot change what a kept statement means. */
const TRANSACTION_CONTROL = /^\s*(?:begin|start|commit|end|rollback|savepoint|release|abort)\b/i;
/**
 * How many statements stay prepared, least recently used first out. The application's queries
 * number in the low hundreds; a list filter with a varying `in (...)` makes new texts, which this
 * bounds.
 */
export const MAX_PREPARED_STATEMENTS = 256;
/**
 * PostgreSQL refuses to run a kept statement whose result columns changed under it (a `select *`
 * after ALTER TABLE): SQLSTATE 0A000, "cached plan must not change result type".
 */
const FEATURE_NOT_SUPPORTED = '0A000';

interface PreparedStatement {
  name: string;
  /** The parameter type OIDs PostgreSQL inferred, which choose each value's serializer. */
  parameterTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

function isPlanResultChange(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === FEATURE_NOT_SUPPORTED &&
    String((error as { message?: unknown }).message).includes('cached plan')
  );
}

/**
 * Runs queries on one PGlite instance as named prepared statements (PostgreSQL's extended query
 * protocol, "Parse" once, then "Bind" and "Execute" per run). `PGlite.query` parses, describes
 * and plans the text anew on every call, in six trips into the WebAssembly engine; a kept
 * statement skips parsing and, once PostgreSQL settles on a generic plan, planning, in one trip.
 * On the API's hot path that made a query three to four times cheaper on the event loop, which
 * PGlite shares with every request.
 *
 * Values are serialized exactly as `PGlite.query` does, by the parameter types PostgreSQL infers,
 * and rows are parsed by the instance's own parsers, so results are the same.
 */
export class PreparedStatements {
  readonly #pglite: PGlite;
  /** By query text, in order of last use (a Map keeps insertion order). */
  readonly #statements = new Map<string, PreparedStatement>();
  /** Statements evicted but not yet closed: closed in the next trip into the engine. */
  #toClose: string[] = [];
  #created = 0;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  /** How many statements are kept prepared now. */
  get size(): number {
    return this.#statements.size;
  }

  async query<R>(sql: string, parameters: readonly unknown[]): Promise<Results<R>> {
    if (!REPEATABLE.test(sql)) {
      const result = await this.#pglite.query<R>(sql, [...parameters]);
      // DDL may change what a kept statement's text means: prepare every text again.
      if (!TRANSACTION_CONTROL.test(sql)) this.#forgetAll();
      return result;
    }
    return this.#pglite._runExclusiveQuery(async () => {
      try {
        return await this.#run<R>(sql, parameters);
      } catch (error) {
        // Outside a transaction the failed statement changed nothing, so it can run again,
        // prepared anew; inside one the transaction is aborted and the caller must see that.
        if (!isPlanResultChange(error) || this.#pglite.isInTransaction()) throw error;
        this.#forget(sql);
        return this.#run<R>(sql, parameters);
      }
    });
  }

  async #run<R>(sql: string, parameters: readonly unknown[]): Promise<Results<R>> {
    const statement = this.#statements.get(sql) ?? (await this.#prepare(sql));
    // Most recently used last.
    this.#statements.delete(sql);
    this.#statements.set(sql, statement);
    const values = parameters.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.#pglite.serializers[statement.parameterTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await this.#exchange([
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    if (!this.#pglite.isInTransaction()) await this.#pglite.syncToFs();
    // The rows are what the caller's query selects; PGlite's own `query<T>` casts the same way.
    const [result] = parse.parseResults(messages, this.#pglite.parsers) as Results<R>[];
    return result ?? { rows: [], fields: [] };
  }

  async #prepare(sql: string): Promise<PreparedStatement> {
    this.#created += 1;
    const name = `darkroom_${this.#created}`;
    const described = await this.#exchange([
      protocol.serialize.parse({ name, text: sql }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ]);
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(described) };
    this.#statements.set(sql, statement);
    while (this.#statements.size > MAX_PREPARED_STATEMENTS) {
      const [oldest] = this.#statements.keys();
      if (oldest === undefined) break;
      this.#forget(oldest);
    }
    return statement;
  }

  /**
   * Sends `parts` (ending in Sync) in one trip into the engine, followed by the closing of what was
   * evicted in a Sync group of its own: after `parts`, so a statement evicted while its run was on
   * its way is closed only once it ran, and apart, so an error in `parts` cannot skip the closing.
   */
  async #exchange(parts: Uint8Array[]): Promise<BackendMessage[]> {
    const closes = this.#toClose.map((name) => protocol.serialize.close({ type: 'S', name }));
    this.#toClose = [];
    const trailer = closes.length === 0 ? [] : [...closes, protocol.serialize.sync()];
    return this.#pglite.execProtocolStream(concat([...parts, ...trailer]), { syncToFs: false });
  }

  #forget(sql: string): void {
    const statement = this.#statements.get(sql);
    if (statement === undefined) return;
    this.#statements.delete(sql);
    this.#toClose.push(statement.name);
  }

  #forgetAll(): void {
    for (const sql of [...this.#statements.keys()]) this.#forget(sql);
  }
}
