import { ConfigError, loadConfig, type Config } from './config.ts';
import { serve } from './serve.ts';

/**
 * The exit code of a wrong setting (sysexits.h EX_CONFIG): scripts/start.mjs restarts a server
 * that died, but starting again cannot mend a setting.
 */
const EXIT_CONFIG = 78;

function readConfig(): Readonly<Config> {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(EXIT_CONFIG);
    }
    throw error;
  }
}

/** `npm start`: reads the environment and serves it (serve.ts: listening, faults, signals). */
void serve(readConfig());
