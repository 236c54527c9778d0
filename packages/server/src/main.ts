import { ConfigError, EXIT_CONFIG, loadConfig, type Config } from './config.ts';
import { serve } from './serve.ts';

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
