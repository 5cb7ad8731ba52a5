import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../app/context.js';
import { HttpError } from '../../app/http-error.js';
import { createLogger } from '../../app/logger.js';
import { errorHandler } from '../../app/middleware/error-handler.js';
import { requestId } from '../../app/middleware/request-id.js';
import { versionLifecycle } from '../../app/versioning/deprecation-headers.js';
import { LifecycleRegistryError, loadLifecycleRegistry, parseLifecycleRegistry } from '../../app/versioning/lifecycle.js';

const REGISTRY = `
versions:
  v1:
    status: deprecated
    deprecationDate: 2027-06-30
    sunsetDate: 2028-06-30
    successor: /api/v2
    migrationGuide: https://docs.concord.example/migrations/v1-to-v2
  v2:
    status: current
`;
const SUNSET = new Date('2028-06-30T00:00:00.000Z');

/** The real request id and error handler around the middleware, so the envelope is the app's own. */
function appAt(clock: Date, registry = parseLifecycleRegistry(REGISTRY)) {
  const app = new Hono<AppEnv>();
  app.use('*', requestId());
  app.use('*', versionLifecycle(registry, { now: () => clock }));
  app.get('/api/:version/users/:userId', (c) => c.json({ userId: c.req.param('userId') }));
  app.get('/api/:version/orders/:orderId', (c) => {
    throw new HttpError(404, `No order ${c.req.param('orderId')}`);
  });
  app.get('/health', (c) => c.json({ status: 'UP' }));
  app.onError(errorHandler(createLogger('silent')));
  return app;
}

const lifecycleHeaders = (res: Response) => ({
  deprecation: res.headers.get('deprecation'),
  sunset: res.headers.get('sunset'),
  link: res.headers.get('link'),
});

describe('versionLifecycle', () => {
  const beforeSunset = new Date('2028-01-15T12:00:00Z');

  it('adds no lifecycle headers to the current version', async () => {
    const res = await appAt(beforeSunset).request('/api/v2/users/usr_1');
    expect(res.status).toBe(200);
    expect(lifecycleHeaders(res)).toEqual({ deprecation: null, sunset: null, link: null });
  });

  it('leaves paths outside /api/v{N} alone', async () => {
    const res = await appAt(new Date('2030-01-01T00:00:00Z')).request('/health');
    expect(res.status).toBe(200);
    expect(lifecycleHeaders(res).deprecation).toBeNull();
  });

  it('marks a deprecated version with Deprecation, Sunset and a Link to the same path under the successor', async () => {
    const res = await appAt(beforeSunset).request('/api/v1/users/usr_1?fields=name');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: 'usr_1' });
    expect(lifecycleHeaders(res)).toEqual({
      deprecation: 'true',
      sunset: 'Fri, 30 Jun 2028 00:00:00 GMT',
      link: '</api/v2/users/usr_1>; rel="successor-version"',
    });
  });

  it('keeps the headers on error responses of a deprecated version', async () => {
    const res = await appAt(beforeSunset).request('/api/v1/orders/ord_1');
    expect(res.status).toBe(404);
    expect(lifecycleHeaders(res).deprecation).toBe('true');
  });

  it('answers 410 with the sunset details of SPEC §7.1 from the sunset date on', async () => {
    const res = await appAt(SUNSET).request('/api/v1/users/usr_1', { headers: { 'X-Request-Id': 'req-410' } });
    expect(res.status).toBe(410);
    const body = await res.json();
    expect(body).toEqual({
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      status: 410,
      error: 'Gone',
      message: 'API v1 was sunset on 2028-06-30; use /api/v2',
      path: '/api/v1/users/usr_1',
      requestId: 'req-410',
      details: {
        sunsetDate: '2028-06-30',
        migrationGuide: 'https://docs.concord.example/migrations/v1-to-v2',
        successorVersion: '/api/v2',
      },
    });
    expect(res.headers.get('x-request-id')).toBe('req-410');
    expect(lifecycleHeaders(res).link).toBe('</api/v2/users/usr_1>; rel="successor-version"');
  });

  it('still answers the last millisecond before the sunset date', async () => {
    const res = await appAt(new Date(SUNSET.getTime() - 1)).request('/api/v1/users/usr_1');
    expect(res.status).toBe(200);
  });

  it('answers 410 for a version whose status is sunset, whatever the clock says', async () => {
    const registry = parseLifecycleRegistry(REGISTRY.replace('status: deprecated', 'status: sunset'));
    const res = await appAt(beforeSunset, registry).request('/api/v1/users/usr_1');
    expect(res.status).toBe(410);
    expect((await res.json()).details.successorVersion).toBe('/api/v2');
  });
});

describe('the lifecycle registry', () => {
  it('reads the repository registry: v1 is the current version', () => {
    expect(loadLifecycleRegistry().get('v1')).toEqual({ status: 'current' });
  });

  it('reads a deprecated version with its dates, successor and migration guide', () => {
    expect(parseLifecycleRegistry(REGISTRY).get('v1')).toEqual({
      status: 'deprecated',
      deprecationDate: '2027-06-30',
      sunsetDate: '2028-06-30',
      successor: '/api/v2',
      migrationGuide: 'https://docs.concord.example/migrations/v1-to-v2',
    });
  });

  it.each([
    ['a file that is not YAML', 'versions: [', /is not valid YAML/],
    ['a file without versions', 'majors: {}', /`versions` must map each major version/],
    ['an unknown status', REGISTRY.replace('status: deprecated', 'status: retired'), /versions\.v1\.status must be one of current, deprecated, sunset \(got "retired"\)/],
    ['a deprecated version without a sunset date', REGISTRY.replace('    sunsetDate: 2028-06-30\n', ''), /versions\.v1\.sunsetDate must be a date YYYY-MM-DD \(got undefined\)/],
    ['a date that does not exist', REGISTRY.replace('2028-06-30', '2028-02-30'), /versions\.v1\.sunsetDate must be a date/],
    ['a sunset before the deprecation', REGISTRY.replace('2028-06-30', '2027-01-01'), /versions\.v1\.sunsetDate must come after its deprecationDate/],
    ['a successor that is not listed', REGISTRY.replace('successor: /api/v2', 'successor: /api/v3'), /versions\.v1\.successor \/api\/v3 must be another version listed/],
    ['a successor that is not a version path', REGISTRY.replace('successor: /api/v2', 'successor: v2'), /versions\.v1\.successor must be a version path/],
    ['a misspelt field', REGISTRY.replace('migrationGuide:', 'migrationGuid:'), /versions\.v1\.migrationGuid is not a lifecycle field/],
    ['a current version with a sunset date', 'versions:\n  v1:\n    status: current\n    sunsetDate: 2028-06-30\n', /versions\.v1 is current: sunsetDate belong to deprecated or sunset versions/],
    ['two current versions', 'versions:\n  v1:\n    status: current\n  v2:\n    status: current\n', /exactly one version must be current \(found v1, v2\)/],
    ['a version not named vN', REGISTRY.replace('  v2:', '  two:').replace('/api/v2', '/api/two'), /versions\.two: a major version is named v1, v2/],
  ])('rejects %s with a message naming the problem', (_case, text, message) => {
    expect(() => parseLifecycleRegistry(text, 'versions.yaml')).toThrow(LifecycleRegistryError);
    expect(() => parseLifecycleRegistry(text, 'versions.yaml')).toThrow(message);
  });

  it('lists every problem of a file at once', () => {
    const text = REGISTRY.replace('2027-06-30', 'soon').replace('successor: /api/v2', 'successor: /api/v9');
    expect(() => parseLifecycleRegistry(text, 'versions.yaml')).toThrow(
      'versions.yaml is invalid:\n  - versions.v1.deprecationDate must be a date YYYY-MM-DD (got "soon")\n  - versions.v1.successor /api/v9 must be another version listed in the registry',
    );
  });
});
