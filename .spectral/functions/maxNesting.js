/**
 * concord-max-nesting — SPEC §4 ("Nesting is at most three levels; deeper relations are filtered
 * with query parameters").
 *
 * Definition: the nesting depth of a path is the number of static resource segments after
 * `/api/vN`; `{param}` segments and action segments (`options.actions`: search, confirm, cancel,
 * generate, download, and the openapi.json/.yaml documents) do not count. The depth may be at most
 * `options.max` (3): `/api/v1/reports/jobs/{jobId}/cancel` is 2, `/api/v1/a/{x}/b/{y}/c/{z}/d` is 4.
 */
import { ACTION_SEGMENTS, META_SEGMENTS, parseApiPath, isObject } from './_concord.js';

export default function maxNesting(paths, options) {
  if (!isObject(paths)) return [];
  const max = options?.max ?? 3;
  const actions = new Set(options?.actions ?? [...ACTION_SEGMENTS, ...META_SEGMENTS]);
  const results = [];
  for (const path of Object.keys(paths)) {
    const parsed = parseApiPath(path);
    if (parsed === null) continue;
    const resources = parsed.segments.filter((s) => !s.param && !actions.has(s.name)).map((s) => s.name);
    if (resources.length > max) {
      results.push({
        message: `${path} nests ${resources.length} resource levels (${resources.join(' > ')}); at most ${max} are allowed — filter deeper relations with query parameters.`,
        path: ['paths', path],
      });
    }
  }
  return results;
}
