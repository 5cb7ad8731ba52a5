/**
 * concord-info-version — SPEC §9.1, §9.2, §9.10 (MAJOR.MINOR.PATCH in the info block; one major
 * version per contract, the one in the `/api/vN` paths).
 *
 * Input: the whole document. `info.version` must be MAJOR.MINOR.PATCH, and every `/api/vN` path must
 * use N = MAJOR.
 */
import { isObject, parseApiPath } from './_concord.js';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

export default function infoVersion(document) {
  if (!isObject(document)) return [];
  const version = document.info?.version;
  const match = SEMVER.exec(typeof version === 'string' ? version : '');
  if (match === null) {
    return [{ message: `info.version "${version}" is not MAJOR.MINOR.PATCH.`, path: ['info', 'version'] }];
  }
  const major = Number(match[1]);
  const results = [];
  for (const path of Object.keys(document.paths ?? {})) {
    const parsed = parseApiPath(path);
    if (parsed !== null && parsed.major !== major) {
      results.push({ message: `${path} is version ${parsed.major} but info.version ${version} is major ${major}.`, path: ['paths', path] });
    }
  }
  return results;
}
