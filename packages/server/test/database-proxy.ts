// A TCP proxy between an app and PostgreSQL that a test stalls or cuts, to take the database away
// from one app without touching the server every test file shares (pausing that server would
// stall every suite running beside this one).
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';

interface Link {
  client: net.Socket;
  server: net.Socket;
  /** Bytes held while stalled, each way. */
  toServer: Buffer[];
  toClient: Buffer[];
}

export class DatabaseProxy {
  readonly #target: { host: string; port: number };
  readonly #links = new Set<Link>();
  readonly #listener: net.Server;
  #port = 0;
  #stalled = false;

  private constructor(target: { host: string; port: number }) {
    this.#target = target;
    this.#listener = net.createServer((client) => this.#accept(client));
  }

  /** A proxy on a free loopback port to the server of `databaseUrl`. */
  static async start(databaseUrl: string): Promise<DatabaseProxy> {
    const url = new URL(databaseUrl);
    const proxy = new DatabaseProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.#listen(0);
    return proxy;
  }

  /** `databaseUrl` through this proxy. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.#port);
    return url.toString();
  }

  /**
   * Stops forwarding, both ways, on every connection and on new ones, which are still accepted:
   * what a paused server looks like from the app (its queries neither answered nor failed).
   */
  stall(): void {
    this.#stalled = true;
  }

  /** Forwards again, the bytes held first. */
  resume(): void {
    this.#stalled = false;
    for (const link of this.#links) {
      for (const chunk of link.toServer.splice(0)) link.server.write(chunk);
      for (const chunk of link.toClient.splice(0)) link.client.write(chunk);
      link.client.resume();
      link.server.resume();
    }
  }

  /**
   * Resets every connection and refuses new ones: a server gone away. A query in flight may have
   * committed before its connection was cut, which the app cannot know.
   */
  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#listener.close(() => resolve()));
    for (const link of this.#links) {
      link.client.resetAndDestroy();
      link.server.destroy();
    }
    this.#links.clear();
    await closed;
  }

  /** Accepts connections again, on the same port. */
  async restore(): Promise<void> {
    await this.#listen(this.#port);
  }

  async close(): Promise<void> {
    this.resume();
    await this.cut().catch(() => undefined);
  }

  #listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#listener.once('error', reject);
      this.#listener.listen(port, '127.0.0.1', () => {
        this.#listener.off('error', reject);
        this.#port = (this.#listener.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  #accept(client: net.Socket): void {
    const server = net.connect(this.#target);
    const link: Link = { client, server, toServer: [], toClient: [] };
    this.#links.add(link);
    const forward = (from: net.Socket, to: net.Socket, held: Buffer[]) => {
      from.on('data', (chunk: Buffer) => {
        if (this.#stalled) {
          held.push(chunk);
          from.pause();
        } else {
          to.write(chunk);
        }
      });
    };
    forward(client, server, link.toServer);
    forward(server, client, link.toClient);
    const end = () => {
      this.#links.delete(link);
      client.destroy();
      server.destroy();
    };
    client.on('close', end);
    server.on('close', end);
    client.on('error', end);
    server.on('error', end);
  }
}

export interface ProxiedDatabase {
  /** A new, migrated database of the test server, reached through `proxy`: the app's. */
  database: Database;
  proxy: DatabaseProxy;
  /** The same database reached directly: the test's own reads, whatever the proxy does. */
  direct: Database;
  /** Closes both, the proxy, and drops the database. */
  close(): Promise<void>;
}

/** A fresh database on the PostgreSQL server of `maintenanceUrl`, behind a proxy of its own. */
export async function openProxiedDatabase(maintenanceUrl: string): Promise<ProxiedDatabase> {
  const name = `darkroom_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: maintenanceUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(maintenanceUrl);
  url.pathname = `/${name}`;
  const proxy = await DatabaseProxy.start(url.toString());
  const database = await openDatabase({
    databaseUrl: proxy.urlFor(url.toString()),
    pgliteDir: null,
    // A cut proxy resets idle connections, which the pool reports here.
    onPoolError: () => undefined,
  });
  await migrate(database);
  const direct = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
  return {
    database,
    proxy,
    direct,
    async close() {
      await proxy.close();
      await database.close();
      await direct.close();
      const cleanup = new pg.Client({ connectionString: maintenanceUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
