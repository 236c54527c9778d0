import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Rect } from '@darkroom/core';
import {
  AiOperationError,
  AiWorkerUnavailableError,
  type AiModels,
  type BackgroundRemovalOptions,
  type DetectOptions,
  type Detections,
  type RawImage,
  type UpscaleFactor,
} from '../types.ts';
import type { AiCall, AiMethod, AiReply } from './protocol.ts';

const WORKER_ENTRY = fileURLToPath(new URL('./ai-worker-main.ts', import.meta.url));
const RENDER_PACKAGE_DIR = fileURLToPath(new URL('../../..', import.meta.url));

export interface AiWorkerOptions {
  /** Longest one call may take; past it the worker is stopped (a model cannot be interrupted). */
  timeoutMs: number;
  /**
   * How long an idle worker keeps its models loaded before it exits and gives their memory
   * back (the next call starts it again and pays the load, a second or a few).
   */
  idleMs?: number;
}

const DEFAULT_IDLE_MS = 5 * 60_000;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * The models in a child process of their own: their memory (about 0.3 to 0.9 GB while a model
 * runs) stays out of the delivery process's budget, and a model that crashes or hangs takes
 * only the worker down; the next call starts a fresh one.
 */
export class AiWorker implements AiModels {
  readonly #timeoutMs: number;
  readonly #idleMs: number;
  #idleTimer: NodeJS.Timeout | null = null;
  readonly #pending = new Map<number, Pending>();
  #child: ChildProcess | null = null;
  #nextId = 1;
  #closed = false;

  constructor(options: AiWorkerOptions) {
    this.#timeoutMs = options.timeoutMs;
    this.#idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  }

  removeBackground(image: RawImage, options: BackgroundRemovalOptions): Promise<RawImage> {
    return this.#call('removeBackground', [image, options]) as Promise<RawImage>;
  }

  upscale(image: RawImage, factor: UpscaleFactor): Promise<RawImage> {
    return this.#call('upscale', [image, factor]) as Promise<RawImage>;
  }

  inpaint(image: RawImage, boxes: readonly Rect[]): Promise<RawImage> {
    return this.#call('inpaint', [image, boxes]) as Promise<RawImage>;
  }

  detect(image: RawImage, options: DetectOptions): Promise<Detections> {
    return this.#call('detect', [image, options]) as Promise<Detections>;
  }

  /** Whether the worker process is up (it starts on the first call and exits when idle). */
  get running(): boolean {
    return this.#child !== null;
  }

  /** Stops the worker; calls in progress fail. */
  close(): void {
    this.#closed = true;
    if (this.#idleTimer !== null) clearTimeout(this.#idleTimer);
    this.#stop(new AiWorkerUnavailableError('The AI worker was stopped.'));
  }

  #call(method: AiMethod, args: unknown[]): Promise<unknown> {
    if (this.#closed)
      return Promise.reject(new AiWorkerUnavailableError('The AI worker was stopped.'));
    const child = this.#child ?? this.#start();
    if (this.#idleTimer !== null) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => {
          // The worker runs one call at a time; stopping it fails the ones queued behind too.
          this.#stop(
            new AiWorkerUnavailableError(
              `The AI operation took longer than ${this.#timeoutMs} ms.`,
            ),
          );
        },
        this.#timeoutMs * (this.#pending.size + 1),
      );
      timer.unref();
      this.#pending.set(id, { resolve, reject, timer });
      const call: AiCall = { id, method, args };
      child.send(call);
    });
  }

  #start(): ChildProcess {
    const child = fork(WORKER_ENTRY, [], {
      cwd: RENDER_PACKAGE_DIR,
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message: AiReply) => this.#settle(message));
    child.on('exit', (code, signal) => {
      if (this.#child !== child) return;
      this.#child = null;
      this.#failAll(
        new AiWorkerUnavailableError(
          `The AI worker stopped (${signal ?? `exit code ${String(code)}`}) before answering.`,
        ),
      );
    });
    child.on('error', (error) => {
      if (this.#child !== child) return;
      this.#stop(new AiWorkerUnavailableError(`The AI worker failed: ${error.message}`));
    });
    this.#child = child;
    return child;
  }

  #settle(message: AiReply): void {
    const pending = this.#pending.get(message.id);
    if (pending === undefined) return;
    this.#pending.delete(message.id);
    clearTimeout(pending.timer);
    if (message.ok) pending.resolve(message.result);
    else pending.reject(new AiOperationError(message.message));
    if (this.#pending.size === 0) this.#stopWhenIdle();
  }

  #stopWhenIdle(): void {
    if (this.#idleTimer !== null) clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      if (this.#pending.size === 0)
        this.#stop(new AiWorkerUnavailableError('The AI worker was idle.'));
    }, this.#idleMs);
    this.#idleTimer.unref();
  }

  #stop(reason: AiWorkerUnavailableError): void {
    const child = this.#child;
    this.#child = null;
    child?.kill('SIGKILL');
    this.#failAll(reason);
  }

  #failAll(reason: AiWorkerUnavailableError): void {
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(reason);
    }
    this.#pending.clear();
  }
}
