/**
 * concord-create-201-location — SPEC §4.2, §4.4 ("POST create returns 201 with a Location header").
 *
 * Input: the resolved `paths` object. A POST to a collection path (its last segment is static, plural
 * and not an action such as search/confirm/cancel/generate) must declare a `201` response with a
 * `Location` header (header names compare case-insensitively).
 */
import { ACTION_SEGMENTS, META_SEGMENTS, hasHeader, isObject, lastSegment } from './_concord.js';

export default function create201Location(paths, options) {
  if (!isObject(paths)) return [];
  const actions = new Set(options?.actions ?? [...ACTION_SEGMENTS, ...META_SEGMENTS]);
  const results = [];
  for (const [path, item] of Object.entries(paths)) {
    const last = lastSegment(path);
    const post = isObject(item) ? item.post : undefined;
    if (!isObject(post) || last === undefined || last.param || actions.has(last.name) || !last.name.endsWith('s')) continue;
    const created = isObject(post.responses) ? post.responses['201'] : undefined;
    if (!isObject(created)) {
      results.push({ message: `POST ${path} creates a resource but declares no 201 response.`, path: ['paths', path, 'post', 'responses'] });
    } else if (!hasHeader(created, 'Location')) {
      results.push({ message: `The 201 response of POST ${path} declares no Location header.`, path: ['paths', path, 'post', 'responses', '201'] });
    }
  }
  return results;
}
