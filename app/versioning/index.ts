/** Version lifecycle: the registry (contracts/versions.yaml) and the middleware that answers from it. */
export { loadLifecycleRegistry } from './lifecycle.js';
export { versionLifecycle } from './deprecation-headers.js';
