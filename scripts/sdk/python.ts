/**
 * `npm run sdk`: generates the Python client `concord_client` into dist/sdk/python/ with the
 * openapi-generator jar bundled in node_modules (offline; see scripts/sdk/openapi-generator.ts).
 *
 *   1. contracts/openapi/v1.yaml (OpenAPI 3.1) → OpenAPI 3.0.3 (scripts/sdk/downconvert.ts), plus
 *      the adaptations the Python generator needs (below); written to dist/sdk/.work/.
 *   2. `validate` of the converted document by the generator itself.
 *   3. `generate -g python` into a fresh directory, swapped into dist/sdk/python/ when complete.
 * Skipped when dist/sdk/python/ was generated from the same contract by the same recipe (the hash is
 * kept in dist/sdk/python/.concord-sdk-hash); `--force` regenerates anyway.
 *
 * The generated client needs `urllib3`, `six`, `certifi` and `python-dateutil` (its
 * requirements.txt); the smoke test checks they import before running it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { downconvert } from './downconvert.js';
import { generatorConfig, root, runOpenApiGenerator } from './openapi-generator.js';

const CONTRACT = 'contracts/openapi/v1.yaml';
export const PYTHON_PACKAGE = 'concord_client';
export const PYTHON_SDK_DIR = 'dist/sdk/python';
const HASH_FILE = '.concord-sdk-hash';
/** Bump when the generation recipe changes in a way the hash of the inputs does not show. */
const RECIPE = 'python/1';

type JsonObject = { [key: string]: unknown };
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The Python generator (5.0.0-beta2) cannot deserialize a response whose schema is a `oneOf` (it
 * looks for a model named `OneOfUserPageUserCursorPage`). Those responses — the list operations,
 * which answer the page or the cursor envelope — become free-form objects: the client returns the
 * parsed JSON as a dict.
 */
export function adaptForPython(document: JsonObject): JsonObject {
  const doc = structuredClone(document);
  for (const item of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    for (const operation of Object.values(isObject(item) ? item : {})) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      for (const response of Object.values(operation.responses)) {
        if (!isObject(response) || !isObject(response.content)) continue;
        for (const media of Object.values(response.content)) {
          if (isObject(media) && isObject(media.schema) && Array.isArray(media.schema.oneOf)) {
            const { description } = media.schema;
            media.schema = { type: 'object', ...(typeof description === 'string' ? { description } : {}) };
          }
        }
      }
    }
  }
  return doc;
}

export interface BuildPythonSdkOptions {
  /** Output directory, relative to the repository root (default dist/sdk/python). */
  outDir?: string;
  /** Regenerate even when the output matches the contract. */
  force?: boolean;
  log?: (message: string) => void;
}

export interface PythonSdkResult {
  /** Absolute path of the generated project (put it on PYTHONPATH). */
  dir: string;
  hash: string;
  reused: boolean;
}

const posix = (path: string) => path.split(sep).join('/');

/** Generates (or reuses) the Python SDK. */
export async function buildPythonSdk(options: BuildPythonSdkOptions = {}): Promise<PythonSdkResult> {
  const log = options.log ?? ((message: string) => console.log(`sdk:python: ${message}`));
  const outDir = resolve(root, options.outDir ?? PYTHON_SDK_DIR);
  const relOut = posix(relative(root, outDir));
  if (relOut.startsWith('..') || /\s/.test(relOut)) throw new Error(`sdk:python: outDir must be inside the repository, without spaces: ${outDir}`);
  const started = Date.now();

  const contractText = readFileSync(join(root, CONTRACT), 'utf8');
  const { version: generatorVersion } = generatorConfig();
  const hash = createHash('sha256')
    .update(`${RECIPE}\n${generatorVersion}\n${PYTHON_PACKAGE}\n`)
    .update(readFileSync(new URL('./downconvert.ts', import.meta.url)))
    .update(readFileSync(new URL(import.meta.url)))
    .update(contractText)
    .digest('hex');
  const hashFile = join(outDir, HASH_FILE);
  if (!options.force && existsSync(hashFile) && readFileSync(hashFile, 'utf8').trim() === hash) {
    log(`${relOut}/ is up to date with ${CONTRACT} (${hash.slice(0, 12)}); nothing to do`);
    return { dir: outDir, hash, reused: true };
  }

  log(`converting ${CONTRACT} (OpenAPI 3.1) to OpenAPI 3.0.3`);
  const contract = parse(contractText) as { info: { version: string } };
  const { document, warnings } = downconvert(contract);
  for (const warning of warnings) log(`  warning: ${warning}`);
  const workDir = join(root, 'dist/sdk/.work');
  mkdirSync(workDir, { recursive: true });
  const converted = posix(relative(root, join(workDir, 'openapi-v1-3.0.json')));
  const spec = posix(relative(root, join(workDir, 'openapi-v1-3.0-python.json')));
  writeFileSync(join(root, converted), `${JSON.stringify(document, null, 2)}\n`);
  writeFileSync(join(root, spec), `${JSON.stringify(adaptForPython(document), null, 2)}\n`);

  log(`validating ${converted} with openapi-generator ${generatorVersion}`);
  const validation = await runOpenApiGenerator(['validate', '--recommend', '-i', converted]);
  if (validation.code !== 0 || !/No validation issues detected/.test(validation.output)) {
    throw new Error(`sdk:python: the converted contract does not validate cleanly:\n${validation.output}`);
  }

  const staging = `${relOut}.partial-${process.pid}`;
  rmSync(join(root, staging), { recursive: true, force: true });
  log(`generating ${PYTHON_PACKAGE} ${contract.info.version} (generator python)`);
  const generation = await runOpenApiGenerator([
    'generate',
    '-g',
    'python',
    '-i',
    spec,
    '-o',
    staging,
    '--additional-properties',
    `packageName=${PYTHON_PACKAGE},projectName=concord-client,packageVersion=${contract.info.version},hideGenerationTimestamp=true`,
    '--global-property',
    'apiTests=false,modelTests=false',
  ]);
  const warningsOut = [
    ...new Set(
      generation.output
        .split('\n')
        .filter((l) => /\bWARN\b/.test(l) && !l.includes('.openapi-generator-ignore'))
        .map((l) => l.replace(/^.*WARN\s+\S+\s+-\s*/, '')),
    ),
  ];
  for (const warning of warningsOut) log(`  generator: ${warning}`);
  if (generation.code !== 0 || !existsSync(join(root, staging, PYTHON_PACKAGE, '__init__.py'))) {
    rmSync(join(root, staging), { recursive: true, force: true });
    throw new Error(`sdk:python: generation failed (exit ${generation.code}):\n${generation.output}`);
  }
  writeFileSync(join(root, staging, HASH_FILE), `${hash}\n`);
  rmSync(outDir, { recursive: true, force: true });
  renameSync(join(root, staging), outDir);
  log(`wrote ${relOut}/ in ${((Date.now() - started) / 1000).toFixed(1)} s (PYTHONPATH=${relOut})`);
  return { dir: outDir, hash, reused: false };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildPythonSdk({ force: process.argv.includes('--force') }).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
