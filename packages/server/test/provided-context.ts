declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a freshly initialised PGlite data directory (see pglite-global-setup.ts). */
    pgliteTemplate: string;
    /** Maintenance URL of the throwaway PostgreSQL server; null when none is available. */
    postgresUrl: string | null;
  }
}

export {};
