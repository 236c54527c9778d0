/**
 * A model loaded on first use and kept, whose calls run one at a time: the tfjs wasm backend and
 * the onnxruntime session keep per-call state and are not re-entrant.
 */
export interface SerialModel<M> {
  run<T>(call: (model: M) => Promise<T>): Promise<T>;
}

export function serialModel<M>(load: () => Promise<M>): SerialModel<M> {
  let loaded: Promise<M> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    run(call) {
      const result = queue.then(async () => {
        // A failed load is retried by the next call instead of failing every later one.
        loaded ??= load().catch((error: unknown) => {
          loaded = undefined;
          throw error;
        });
        return call(await loaded);
      });
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
