import cluster from 'node:cluster';
import { runClusterPrimary } from './cluster-workers/primary.ts';
import { workerPlace } from './cluster-workers/worker-place.ts';
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

/**
 * `npm start`: reads the environment and serves it (serve.ts: listening, faults, signals), or,
 * with WORKERS above 1, starts that many workers that each do (cluster-workers/primary.ts).
 */
const config = readConfig();
if (cluster.isPrimary && config.workers > 1) {
  runClusterPrimary(config.workers);
} else {
  const place = workerPlace(config.workers);
  void serve(config, place === null ? {} : { workerPlace: place });
}
