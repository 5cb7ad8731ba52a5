/**
 * GraphiQL at `GET /graphql` for browsers, without any CDN (the service must work offline).
 * yoga's built-in page loads GraphiQL from unpkg, so it is never used: when
 * `@graphql-yoga/render-graphiql` (which inlines GraphiQL, its styles and editor workers) is
 * installed it renders the page; otherwise a small self-contained console does (query,
 * variables, bearer token, result), with no external resource at all.
 */
import type { GraphiQLOptions } from 'graphql-yoga';

type Render = (options: GraphiQLOptions) => string;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// Inside <script>: JSON with `<` escaped cannot close the element.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The offline fallback console. */
export const renderConsole: Render = (options) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(options.title ?? 'GraphQL')}</title>
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; display: grid; grid-template-columns: 1fr 1fr; grid-template-rows: auto 1fr 8em; height: 100vh; }
  header { grid-column: 1 / 3; display: flex; gap: .5em; align-items: center; padding: .5em; background: #1f2937; color: #fff; }
  header input { flex: 1; font: inherit; padding: .25em; }
  textarea, pre { margin: 0; padding: .5em; border: 1px solid #ccc; font: 13px ui-monospace, monospace; overflow: auto; resize: none; }
  #result { grid-row: 2 / 4; grid-column: 2; }
</style>
</head>
<body>
<header><strong>${escapeHtml(options.title ?? 'GraphQL')}</strong>
  <input id="token" placeholder="Bearer token (optional)" autocomplete="off">
  <button id="run" title="Ctrl+Enter">Run ▶</button></header>
<textarea id="query" spellcheck="false" aria-label="Query"></textarea>
<pre id="result" aria-live="polite"></pre>
<textarea id="variables" spellcheck="false" aria-label="Variables (JSON)" placeholder="{ &quot;variables&quot;: &quot;as JSON&quot; }"></textarea>
<script>
const endpoint = ${scriptJson(options.endpoint ?? '/graphql')};
const query = document.getElementById('query');
query.value = ${scriptJson(options.defaultQuery ?? '{ me { id name } }')};
async function run() {
  const out = document.getElementById('result');
  let variables;
  try { variables = JSON.parse(document.getElementById('variables').value || '{}'); } catch (e) { out.textContent = 'Variables: ' + e.message; return; }
  const headers = { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json' };
  const token = document.getElementById('token').value.trim();
  if (token) headers.Authorization = /^Bearer /i.test(token) ? token : 'Bearer ' + token;
  out.textContent = '…';
  const response = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify({ query: query.value, variables }) });
  const text = await response.text();
  try { out.textContent = response.status + '\\n' + JSON.stringify(JSON.parse(text), null, 2); } catch { out.textContent = response.status + '\\n' + text; }
}
document.getElementById('run').onclick = run;
document.addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) run(); });
</script>
</body>
</html>`;

let pending: Promise<Render> | undefined;

/** The installed offline GraphiQL renderer, else the console. Resolved once. */
function renderer(): Promise<Render> {
  // A computed specifier: the package is optional, so TypeScript must not require it.
  const optional: string = '@graphql-yoga/render-graphiql';
  return (pending ??= import(optional).then(
    (mod: { renderGraphiQL?: Render }) => mod.renderGraphiQL ?? renderConsole,
    () => renderConsole,
  ));
}

/** yoga's `renderGraphiQL` option. */
export async function renderGraphiQL(options: GraphiQLOptions): Promise<string> {
  return (await renderer())(options);
}
