// What the cluster test's global setup (support/global-setup.ts) starts and hands to every spec:
// PostgreSQL, an S3 server that verifies Signature V4, Varnish, and three Darkroom processes on
// separate data directories sharing the database and the object store, all on loopback.
import type {} from 'vitest';

/** One Darkroom server process (started without the launcher, so its pid is the server's). */
export interface ClusterNode {
  /** 'a', 'b' or 'c'. */
  name: string;
  /** `http://127.0.0.1:{port}` */
  baseUrl: string;
  port: number;
  /** The server process at setup; a spec that kills it starts a replacement (support/nodes.ts). */
  pid: number;
  dataDir: string;
  /** The full environment it was started with, to start it again the same way. */
  env: Record<string, string>;
  /** Its output (stdout and stderr), of every start of it, one after the other. */
  logFile: string;
}

export interface ClusterContext {
  nodes: ClusterNode[];
  /** DELIVERY_DOMAIN of every node, without a port: delivery requests send `Host: {sub}.{this}`. */
  deliveryDomain: string;
  postgres: {
    url: string;
    /** The postmaster: SIGSTOP/SIGCONT it and its children to pause and resume the database. */
    postmasterPid: number;
  };
  s3: {
    endpoint: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
  };
  /** Varnish in front of nodes a and b (round robin), with BAN and xkey-style purges allowed. */
  varnish: { baseUrl: string };
  /** An install admin on every node (ADMIN_EMAIL / ADMIN_PASSWORD). */
  adminEmail: string;
  adminPassword: string;
  /** DARKROOM_SECRET_KEY of every node, 64 hex digits. */
  secretKeyHex: string;
  /**
   * Every node process started (`{name} {pid}` a line, latest last): support/nodes.ts adds the
   * nodes it starts, and teardown stops every one still running.
   */
  pidFile: string;
  /** A folder for the specs' own files (another node's data directory...), removed at teardown. */
  runDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: ClusterContext;
  }
}
