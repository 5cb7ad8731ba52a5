/**
 * Runs openapi-generator through the `@openapitools/openapi-generator-cli` 2.x wrapper, offline.
 *
 * Design note: the wrapper normally downloads the generator jar named by openapitools.json. Here the
 * jar comes from npm instead — `openapi-generator-jar` (an alias of the 1.x wrapper, which bundles
 * the 5.0.0-beta2 jar). openapitools.json pins `version` 5.0.0-beta2 and points `storageDir` at
 * node_modules/.cache/openapi-generator; `prepareGeneratorJar` copies the bundled jar there as
 * `<version>.jar`, where the wrapper finds it and so never goes to the network. The wrapper resolves
 * openapitools.json and storageDir against `$PWD`, so the child gets `PWD` = the repository root.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

interface GeneratorConfig {
  version: string;
  storageDir: string;
}

/** `generator-cli.version` and `storageDir` of openapitools.json. */
export function generatorConfig(): GeneratorConfig {
  const config = JSON.parse(readFileSync(join(root, 'openapitools.json'), 'utf8')) as {
    'generator-cli'?: { version?: string; storageDir?: string };
  };
  const cli = config['generator-cli'];
  if (!cli?.version || !cli.storageDir) {
    throw new Error('openapitools.json must set generator-cli.version and generator-cli.storageDir');
  }
  return { version: cli.version, storageDir: cli.storageDir };
}

/** Copies the npm-bundled jar to `<storageDir>/<version>.jar` (once) and returns its path. */
export function prepareGeneratorJar(): string {
  const { version, storageDir } = generatorConfig();
  const bundledPackage = require.resolve('openapi-generator-jar/package.json');
  const bundledVersion = (JSON.parse(readFileSync(bundledPackage, 'utf8')) as { version: string }).version.replace(/^[^-]+-/, '');
  if (bundledVersion !== version) {
    throw new Error(`openapitools.json pins ${version} but openapi-generator-jar bundles ${bundledVersion}`);
  }
  const bundledJar = join(dirname(bundledPackage), 'bin/openapi-generator.jar');
  const target = resolve(root, storageDir, `${version}.jar`);
  if (!existsSync(target) || statSync(target).size !== statSync(bundledJar).size) {
    mkdirSync(dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.partial`;
    copyFileSync(bundledJar, partial);
    renameSync(partial, target);
  }
  return target;
}

export interface GeneratorRun {
  code: number;
  output: string;
}

/** Arguments reach the generator through a shell (the wrapper joins them): quote what needs it. */
function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/**
 * Runs `openapi-generator-cli <args>` from the repository root and resolves with its exit code and
 * combined output (it does not reject on a non-zero exit; the caller decides).
 */
export async function runOpenApiGenerator(args: string[]): Promise<GeneratorRun> {
  prepareGeneratorJar();
  const wrapper = join(dirname(require.resolve('@openapitools/openapi-generator-cli/package.json')), 'main.js');
  const child = spawn(process.execPath, [wrapper, ...args.map(shellQuote)], {
    cwd: root,
    env: { ...process.env, PWD: root, INIT_CWD: root },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number>((resolvePromise, reject) => {
    child.once('error', reject);
    child.once('close', (status) => resolvePromise(status ?? 1));
  });
  return { code, output };
}
