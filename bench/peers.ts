import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface PeerProcess {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts one of the peer servers in bench/peers/ in its own process, serving `imageDirectory`,
 * and resolves once it prints the port it listens on.
 */
export async function startPeer(
  script: 'minimal-sharp-server.ts' | 'ipx-server.ts',
  imageDirectory: string,
): Promise<PeerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', `bench/peers/${script}`],
    {
      cwd: root,
      env: { ...process.env, IMAGE_DIR: imageDirectory, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  const lines = createInterface({ input: child.stdout ?? process.stdin });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start within 30 s`)),
      30_000,
    );
    child.once('exit', (code) =>
      reject(new Error(`${script} exited with ${code} before listening`)),
    );
    lines.on('line', (line) => {
      const match = /^LISTENING (\d+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { baseUrl: `http://127.0.0.1:${port}`, stop };
}
