/** Starting and stopping the servers a benchmark measures, as real child processes. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `node --import tsx <script>` with `env` and waits until `healthPath` answers 200. */
export async function startServer(script: string, port: number, env: Record<string, string>, healthPath = '/health'): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url + healthPath)).ok) break;
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
