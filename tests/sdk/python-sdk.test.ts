/**
 * The Python SDK (openapi-generator, offline) against this service listening on a real port:
 * generates dist/sdk/python (or reuses it when it was generated from the same contract), then runs a
 * python3 script with PYTHONPATH=dist/sdk/python. Skipped only when `java` or `python3` is missing.
 */
import { execFile, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPythonSdk } from '../../scripts/sdk/python.js';
import { startTestService, type TestService } from '../support/test-service.js';

const run = promisify(execFile);
const has = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return !result.error && result.status === 0;
};
const tools = has('java', ['-version']) && has('python3', ['--version']);

/** The generated client's runtime requirements (its requirements.txt), as Python module names. */
const PYTHON_MODULES = ['urllib3', 'six', 'certifi', 'dateutil'];

const SCRIPT = `
import json, os
import concord_client
from concord_client.rest import ApiException

configuration = concord_client.Configuration(host=os.environ["CONCORD_URL"])
configuration.access_token = os.environ["CONCORD_TOKEN"]
with concord_client.ApiClient(configuration) as api_client:
    users = concord_client.UsersApi(api_client)
    user = users.get_user(os.environ["CONCORD_USER_ID"])
    out = {"email": user.email, "userId": user.user_id, "type": type(user).__name__}
    try:
        users.get_user("usr_01m7zbgmarf6f8wwetj04aqws9")
    except ApiException as error:
        out["notFound"] = {"status": error.status, "error": json.loads(error.body)["error"]}
    page = users.list_users(limit=2)
    out["listed"] = {"size": len(page["data"]), "hasMore": page["pagination"]["hasMore"]}
print(json.dumps(out))
`;

describe.skipIf(!tools)('Python SDK (concord_client)', () => {
  let t: TestService;
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    t = await startTestService();
    server = serve({ fetch: t.service.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    if (!server.listening) await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await t?.close();
  });

  it('is generated offline and reads a user with a bearer token', async () => {
    const missing = PYTHON_MODULES.filter((m) => !has('python3', ['-c', `import ${m}`]));
    if (missing.length > 0) {
      throw new Error(
        `python3 lacks ${missing.join(', ')}, which the generated client needs (dist/sdk/python/requirements.txt); ` +
          'install them (Debian: apt-get install python3-urllib3 python3-six python3-certifi python3-dateutil)',
      );
    }
    const sdk = await buildPythonSdk({ log: () => undefined });

    const admin = await t.createUser();
    const grace = await t.createUser({ firstName: 'Grace', lastName: 'Hopper', email: 'grace.python@example.com' });
    const token = await t.token(admin.id, 'ADMIN');
    const { stdout } = await run('python3', ['-c', SCRIPT], {
      env: {
        ...process.env,
        PYTHONPATH: sdk.dir,
        PYTHONDONTWRITEBYTECODE: '1',
        CONCORD_URL: baseUrl,
        CONCORD_TOKEN: token,
        CONCORD_USER_ID: grace.id,
      },
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!);

    expect(result).toEqual({
      email: 'grace.python@example.com',
      userId: grace.id,
      type: 'User',
      notFound: { status: 404, error: 'Not Found' },
      listed: { size: 2, hasMore: false },
    });
  }, 180_000);
});
