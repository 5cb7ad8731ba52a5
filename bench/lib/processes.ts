/** Starting and stopping the servers a benchmark measures, as real child processes. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `node [nodeArgs] --import tsx <script>` with `env` and waits until `/health` answers 200.
 * @example await startServer('app/server.ts', 3101, { DATABASE_URL }, ['--cpu-prof'])
 */
export async function startServer(script: string, port: number, env: Record<string, string>, nodeArgs: string[] = []): Promise<RunningServer> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${script} did not become healthy`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
