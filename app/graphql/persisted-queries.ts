/**
 * Persisted queries by sha256 hash in `extensions.persistedQuery` (`{ version: 1, sha256Hash }`,
 * the APQ convention). Modes (`GRAPHQL_PERSISTED_QUERIES`):
 *  - `apq`: a hash alone runs the query stored under it, or fails with PERSISTED_QUERY_NOT_FOUND;
 *    hash and query together are checked (the hash must be the query's sha256), stored and run.
 *    The store is per instance, bounded (least recently used out), and preloaded from the SDK's
 *    manifest when one exists, so SDK operations work by hash from the first request.
 *  - `allowlist`: only the manifest's operations run, by hash or by their exact text; any other
 *    query text is refused. The manifest must exist and be valid at start-up.
 *  - `off`: hashes are not looked up; the query text is always required.
 * The manifest is JSON `{ "<sha256 hex of the text>": "<query text>" }` (generated/sdk/typescript/
 * persisted-operations.json, written by the SDK's codegen).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

export type PersistedQueriesMode = 'apq' | 'allowlist' | 'off';

export const DEFAULT_MANIFEST_PATH = fileURLToPath(new URL('../../generated/sdk/typescript/persisted-operations.json', import.meta.url));

export interface PersistedQueriesOptions {
  mode: PersistedQueriesMode;
  /** The operation manifest; default the SDK's. */
  manifestPath?: string;
  /** Most queries the APQ store keeps (default 1000). */
  maxEntries?: number;
  /** Most characters of query text the APQ store keeps in all (default 5 000 000). */
  maxChars?: number;
}

const HASH = /^[0-9a-f]{64}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Reads and checks a manifest.
 * @throws Error naming the file when it is not a JSON object of sha256 → query text.
 */
export function loadManifest(path: string): Map<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`Persisted-operation manifest ${path} cannot be read: ${(err as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`Persisted-operation manifest ${path} must be a JSON object`);
  const manifest = new Map<string, string>();
  for (const [hash, text] of Object.entries(parsed)) {
    if (typeof text !== 'string' || !HASH.test(hash) || sha256(text) !== hash) {
      throw new Error(`Persisted-operation manifest ${path}: entry ${hash} is not the sha256 (hex) of its query text`);
    }
    manifest.set(hash, text);
  }
  return manifest;
}

/** A least-recently-used store bounded by entries and characters. */
function boundedStore(maxEntries: number, maxChars: number) {
  const entries = new Map<string, string>();
  let chars = 0;
  return {
    get(key: string): string | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: string): void {
      if (value.length > maxChars) return;
      const previous = entries.get(key);
      if (previous !== undefined) {
        chars -= previous.length;
        entries.delete(key);
      }
      entries.set(key, value);
      chars += value.length;
      for (const [oldest, text] of entries) {
        if (entries.size <= maxEntries && chars <= maxChars) break;
        entries.delete(oldest);
        chars -= text.length;
      }
    },
  };
}

const notFound = (message: string) => createGraphQLError(message, { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });
const badInput = (message: string) => createGraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400, spec: true } } });

/** The hash a request names, if any. @throws BAD_USER_INPUT for a malformed `persistedQuery`. */
function requestedHash(extensions: Record<string, unknown> | undefined): string | undefined {
  const pq = extensions?.persistedQuery as { version?: unknown; sha256Hash?: unknown } | undefined;
  if (pq === undefined || pq === null) return undefined;
  if (typeof pq !== 'object' || pq.version !== 1 || typeof pq.sha256Hash !== 'string' || !HASH.test(pq.sha256Hash.toLowerCase())) {
    throw badInput('extensions.persistedQuery must be { "version": 1, "sha256Hash": "<sha256 hex of the query>" }');
  }
  return pq.sha256Hash.toLowerCase();
}

/**
 * The yoga plugin for the configured mode.
 * @throws Error at creation in `allowlist` mode when the manifest is missing or invalid.
 */
export function usePersistedQueries(options: PersistedQueriesOptions): Plugin {
  const path = options.manifestPath ?? DEFAULT_MANIFEST_PATH;
  const manifest = options.mode === 'allowlist' || (options.mode === 'apq' && existsSync(path)) ? loadManifest(path) : new Map<string, string>();
  const store = boundedStore(options.maxEntries ?? 1000, options.maxChars ?? 5_000_000);

  return {
    onParams({ params, setParams }) {
      if (options.mode === 'off') {
        if (params.query === undefined && params.extensions?.persistedQuery !== undefined) {
          throw notFound('Persisted query not found: persisted queries are disabled on this server; send the query text');
        }
        return;
      }
      const hash = requestedHash(params.extensions);
      if (typeof params.query === 'string') {
        const actual = sha256(params.query);
        if (hash !== undefined && hash !== actual) throw badInput('extensions.persistedQuery.sha256Hash is not the sha256 of the query text');
        if (options.mode === 'allowlist' && !manifest.has(actual)) {
          throw notFound('Persisted query not found: this server runs only the operations of its allow-list');
        }
        if (options.mode === 'apq' && hash !== undefined) store.set(hash, params.query);
        return;
      }
      if (hash === undefined) return; // no query at all: yoga answers that one is required
      const text = options.mode === 'allowlist' ? manifest.get(hash) : (store.get(hash) ?? manifest.get(hash));
      if (text === undefined) {
        throw notFound(
          options.mode === 'allowlist'
            ? `Persisted query not found: ${hash} is not in the allow-list`
            : `Persisted query not found: ${hash} is unknown; send the query text with its hash to register it`,
        );
      }
      setParams({ ...params, query: text });
    },
  };
}
