import type { AiModels } from '../types.ts';

/** The AiModels methods, by name, as the worker process receives them. */
export type AiMethod = keyof AiModels;

export interface AiCall {
  id: number;
  method: AiMethod;
  args: unknown[];
}

export type AiReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

export const AI_METHODS: readonly AiMethod[] = ['removeBackground', 'upscale', 'inpaint', 'detect'];
