/**
 * `/docs`: Swagger UI for the contract, served from the locally installed swagger-ui-dist (no CDN:
 * it must work offline).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { Hono } from 'hono';
import type { AppEnv } from './context.js';

const require = createRequire(import.meta.url);
// Resolve the package folder without loading its 1 MB bundle into the server process.
const assetsDir = dirname(require.resolve('swagger-ui-dist/package.json'));

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const page = (specUrl: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Concord API documentation</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <link rel="icon" href="/docs/assets/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui" data-spec-url="${specUrl}"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>`;

const init = `window.ui = SwaggerUIBundle({
  url: document.getElementById('swagger-ui').dataset.specUrl,
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  persistAuthorization: true,
});`;

/** Routes for the documentation UI of the given contract URL. */
export function docsRoutes(specUrl: string): Hono<AppEnv> {
  const cache = new Map<string, Buffer>();
  const docs = new Hono<AppEnv>();
  docs.get('/', (c) => c.html(page(specUrl)));
  docs.get('/init.js', (c) => c.body(init, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  docs.get('/assets/:file', (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) return c.notFound();
    let content = cache.get(file);
    if (!content) cache.set(file, (content = readFileSync(join(assetsDir, file))));
    return c.body(new Uint8Array(content), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  });
  return docs;
}
