// The process's own metrics (CPU, memory, event loop lag, GC, handles: prom-client's default
// metrics, named with the `darkroom_` prefix) belong to the process, not to one app: they are
// gathered once per process, in a registry of their own that each app's registry takes in. Tests
// build many apps in one process, and each collectDefaultMetrics call would start another event
// loop monitor and GC observer that nothing stops.
import { collectDefaultMetrics, Registry } from 'prom-client';

let processMetrics: Registry | null = null;

/** The registry of this process's default metrics, made on first use. */
export function processRegistry(): Registry {
  if (processMetrics === null) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, prefix: 'darkroom_' });
  }
  return processMetrics;
}
