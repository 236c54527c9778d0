// AI renders against the models' own time: for each AI operation on a demo image, the model's
// bare inference in this process (loaded, then timed on the same pixels Darkroom hands it) beside
// Darkroom's request-to-200 for a URL asking for it, from the first request to the answer with
// the image, following each 423's Retry-After as a client does. Both are warm: a first call loads
// each model, in this process and in the server's model workers, and is not timed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { request } from 'undici';
import { createLocalAiModels, type AiModels, type RawImage } from '@darkroom/render';
import { startServer } from './server-process.ts';

const demoImages = fileURLToPath(new URL('../packages/server/demo-images/', import.meta.url));
const ROUNDS = 3;
/** Longest a request-to-200 may take before the bench gives up on it. */
const GIVE_UP_MS = 180_000;

interface AiRenderWorkload {
  operation: string;
  image: string;
  /** The query asking for the operation, given a number that makes each URL a new render. */
  query(round: number): string;
  /** The same render without the operation: what the image itself costs to render. */
  plain(round: number): string;
  /** The model call Darkroom makes for that query, on the image as Darkroom decodes it. */
  infer(models: AiModels, image: RawImage): Promise<unknown>;
  /** Longest side Darkroom hands the model (face detection works on a copy at most this big). */
  modelSide?: number;
}

const WORKLOADS: readonly AiRenderWorkload[] = [
  {
    operation: 'background removal',
    image: 'astronaut.png',
    query: (round) => `bg-remove=true&w=${500 - round}`,
    plain: (round) => `w=${400 - round}&fm=png`,
    infer: (models, image) =>
      models.removeBackground(image, { foreground: 'auto', semiTransparency: true }),
  },
  {
    operation: 'super resolution',
    image: 'chelsea.png',
    query: (round) => `upscale=true&w=${800 - round}`,
    plain: (round) => `w=${700 - round}`,
    infer: (models, image) => models.upscale(image, 2),
  },
  {
    operation: 'object removal',
    image: 'coffee.png',
    // The spoon.
    query: (round) => `object-removal-rect=320,60,110,270&w=${580 - round}`,
    plain: (round) => `w=${560 - round}`,
    infer: (models, image) =>
      models.inpaint(image, [{ left: 320, top: 60, width: 110, height: 270 }]),
  },
  {
    operation: 'face detection',
    image: 'astronaut.png',
    query: (round) => `crop=faces&fit=crop&w=${256 - round}&h=256`,
    plain: (round) => `fit=crop&w=${240 - round}&h=256`,
    infer: (models, image) => models.detect(image, { faces: true, labels: false }),
    modelSide: 1024,
  },
];

export interface AiRenderFigures {
  operation: string;
  image: string;
  /** Median bare inference, milliseconds, and each round's. */
  inferenceMs: number;
  inferenceRounds: number[];
  /** Median request-to-200, milliseconds, and each round's. */
  requestMs: number;
  requestRounds: number[];
  /** 423 answers the client met on the way, over all rounds. */
  pendingAnswers: number;
  /** Median request-to-200 of the same render without the operation, milliseconds. */
  plainMs: number;
}

/** The image as premium.ts and faces.ts decode it: oriented sRGB, alpha kept if it has one. */
async function decoded(file: string, modelSide: number | undefined): Promise<RawImage> {
  let pipeline = sharp(readFileSync(join(demoImages, file)))
    .rotate()
    .toColourspace('srgb');
  const { hasAlpha } = await sharp(readFileSync(join(demoImages, file))).metadata();
  if (modelSide !== undefined) {
    pipeline = pipeline
      .resize(modelSide, modelSide, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha();
  } else {
    pipeline = hasAlpha ? pipeline.ensureAlpha() : pipeline.removeAlpha();
  }
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function bareInference(models: AiModels, workload: AiRenderWorkload): Promise<number[]> {
  const image = await decoded(workload.image, workload.modelSide);
  await workload.infer(models, image);
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await workload.infer(models, image);
    rounds.push(performance.now() - started);
  }
  return rounds;
}

/** Asks until the image comes, waiting what each 423's Retry-After says. */
async function requestTo200(
  url: string,
  headers: Record<string, string>,
): Promise<{ ms: number; pending: number }> {
  const started = performance.now();
  let pending = 0;
  while (performance.now() - started < GIVE_UP_MS) {
    const response = await request(url, { headers });
    await response.body.arrayBuffer();
    if (response.statusCode === 200) return { ms: performance.now() - started, pending };
    if (response.statusCode !== 423) {
      throw new Error(`${url} answered ${response.statusCode}`);
    }
    pending += 1;
    const retryAfter = Number(response.headers['retry-after'] ?? 1);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
  throw new Error(`${url} did not render within ${GIVE_UP_MS / 1000} s`);
}

export async function measureAiRenders(): Promise<AiRenderFigures[]> {
  const models = createLocalAiModels();
  const inference = new Map<string, number[]>();
  for (const workload of WORKLOADS) {
    inference.set(workload.operation, await bareInference(models, workload));
  }
  const server = await startServer();
  try {
    await server.settled();
    const headers = { host: `demo.localhost:${server.port}` };
    const figures: AiRenderFigures[] = [];
    for (const workload of WORKLOADS) {
      const url = (round: number) => `${server.baseUrl}/${workload.image}?${workload.query(round)}`;
      // Loads the model in the server's worker.
      await requestTo200(url(ROUNDS), headers);
      const rounds: number[] = [];
      const plainRounds: number[] = [];
      let pendingAnswers = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const { ms, pending } = await requestTo200(url(round), headers);
        rounds.push(ms);
        pendingAnswers += pending;
        const plain = `${server.baseUrl}/${workload.image}?${workload.plain(round)}`;
        plainRounds.push((await requestTo200(plain, headers)).ms);
      }
      const inferenceRounds = inference.get(workload.operation) ?? [];
      figures.push({
        operation: workload.operation,
        image: workload.image,
        inferenceMs: median(inferenceRounds),
        inferenceRounds,
        requestMs: median(rounds),
        requestRounds: rounds,
        pendingAnswers,
        plainMs: median(plainRounds),
      });
    }
    return figures;
  } finally {
    await server.stop();
  }
}
