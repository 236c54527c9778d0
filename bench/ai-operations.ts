import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AI_OPERATIONS, type AiOperation } from './ai-operation.ts';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./ai-operation.ts', import.meta.url));

export interface AiOperationFigures {
  operation: AiOperation;
  wallMs: number;
  cpuMs: number;
  peakRssBytes: number;
}

/** Each AI operation on a 1-megapixel image, one process each, one after the other. */
export async function measureAiOperations(): Promise<AiOperationFigures[]> {
  const figures: AiOperationFigures[] = [];
  for (const operation of AI_OPERATIONS) {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', SCRIPT, operation], {
      timeout: 600_000,
      maxBuffer: 1 << 20,
    });
    const line = stdout.trim().split('\n').at(-1) ?? '';
    figures.push(JSON.parse(line) as AiOperationFigures);
  }
  return figures;
}
