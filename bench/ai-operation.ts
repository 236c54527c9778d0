// One AI operation on a 1-megapixel image, in a process of its own so its peak memory is the
// model's alone: `node --import tsx bench/ai-operation.ts <operation>` prints one JSON line.
// The model is loaded first on a small image, so the figures are those of the call itself.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { createLocalAiModels, type AiModels, type RawImage } from '@darkroom/render';

export const AI_OPERATIONS = ['detect', 'inpaint', 'remove-background', 'upscale'] as const;
export type AiOperation = (typeof AI_OPERATIONS)[number];

const FIXTURE = new URL('../packages/render/test/ai/astronaut.png', import.meta.url);

async function rgb(side: number): Promise<RawImage> {
  const { data, info } = await sharp(readFileSync(FIXTURE))
    .resize(side, side)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

function run(models: AiModels, operation: AiOperation, image: RawImage): Promise<unknown> {
  switch (operation) {
    case 'detect':
      return models.detect(image, { faces: true, labels: true });
    case 'inpaint':
      return models.inpaint(
        image,
        [
          {
            left: image.width * 0.4,
            top: image.height * 0.5,
            width: image.width * 0.2,
            height: image.height * 0.15,
          },
        ].map((box) => ({
          left: Math.round(box.left),
          top: Math.round(box.top),
          width: Math.round(box.width),
          height: Math.round(box.height),
        })),
      );
    case 'remove-background':
      return models.removeBackground(image, { foreground: 'auto', semiTransparency: true });
    case 'upscale':
      return models.upscale(image, 2);
  }
}

const operation = process.argv[2] as AiOperation;
if (AI_OPERATIONS.includes(operation)) {
  const models = createLocalAiModels();
  await run(models, operation, await rgb(64));
  const image = await rgb(1000);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await run(models, operation, image);
  const cpu = process.cpuUsage(cpuBefore);
  console.info(
    JSON.stringify({
      operation,
      wallMs: Math.round(performance.now() - started),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
    }),
  );
}
