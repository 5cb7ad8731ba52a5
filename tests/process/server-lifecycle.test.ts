import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';

/** The real entry point as an operator runs it: `node --import tsx app/server.ts`. */
function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/server.ts'], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: 'memory://', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, output: () => out };
}

async function waitFor(predicate: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the server process', () => {
  it('refuses to start on bad configuration, naming the variable, with exit code 2', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'app/server.ts'], {
      env: { ...process.env, PORT: 'not-a-port', JWT_SECRET: 'short' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/PORT="not-a-port"/);
    expect(run.stderr).toMatch(/JWT_SECRET/);
  });

  it('seeds demo users on an empty embedded database, serves, and on SIGTERM finishes in-flight work and exits 0', async () => {
    const port = 3300 + Math.floor(Math.random() * 500);
    const server = startServer({ PORT: String(port), LOG_LEVEL: 'info', NODE_ENV: 'development' });
    await waitFor(() => server.output().includes('listening on'));
    expect(server.output()).toMatch(/admin usr_\w+ {2}token: ey/);
    const token = /admin (usr_\w+) {2}token: (\S+)/.exec(server.output())!;

    // Hold a request open (a body trickling in), then ask the server to stop.
    const inflight = new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/v1/users/search', headers: { Authorization: `Bearer ${token[2]}`, 'Content-Type': 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.write('{"query":');
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end('"admin"}'), 300);
      }, 300);
    });
    expect(await inflight).toBe(200);
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(0);
    expect(server.output()).toMatch(/shutting down/);
    expect(server.output()).toMatch(/"msg":"stopped"/);
  }, 60_000);
});
