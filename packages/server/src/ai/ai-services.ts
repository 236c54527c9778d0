import { AiWorker, type AiModels } from '@darkroom/render';
import type { Config } from '../config.ts';

/**
 * The AI models one server process uses: a detector (faces for face-aware renders, faces and
 * labels for the asset index) and one model worker per concurrent premium render
 * (AI_CONCURRENCY), each a process of its own so their memory stays out of the server's.
 */
export interface AiServices {
  detector: AiModels;
  premium: readonly AiModels[];
  close(): void;
}

/** Models supplied by the caller (tests run them in-process); the caller closes them. */
export interface InjectedAiModels {
  detector: AiModels;
  premium: AiModels;
}

export function createAiServices(
  config: Readonly<Config>,
  injected: InjectedAiModels | undefined,
): AiServices {
  if (injected !== undefined) {
    const premium = Array.from({ length: config.aiConcurrency }, () => injected.premium);
    return { detector: injected.detector, premium, close() {} };
  }
  const detector = new AiWorker({ timeoutMs: config.aiTimeoutMs });
  const premium = Array.from(
    { length: config.aiConcurrency },
    () => new AiWorker({ timeoutMs: config.aiTimeoutMs }),
  );
  return {
    detector,
    premium,
    close() {
      detector.close();
      for (const worker of premium) worker.close();
    },
  };
}
