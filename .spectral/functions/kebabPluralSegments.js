/**
 * concord-kebab-case-plural-segments — SPEC §1 ("resources are plural, kebab-case nouns"), §4.
 *
 * Input: the `paths` object. For each `/api/vN/...` path, every static segment must be kebab-case
 * (lowercase letters and digits separated by single hyphens). A static segment that is followed by a
 * `{param}` segment, or that ends the path, names a collection and must be plural (end in `s`),
 * unless it is on the allow-list of action/singleton/meta segments (`options.allow`).
 */
import { ACTION_SEGMENTS, META_SEGMENTS, parseApiPath, isObject } from './_concord.js';

const KEBAB = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

export default function kebabPluralSegments(paths, options) {
  if (!isObject(paths)) return [];
  const allow = new Set(options?.allow ?? [...ACTION_SEGMENTS, ...META_SEGMENTS]);
  const results = [];
  for (const path of Object.keys(paths)) {
    const parsed = parseApiPath(path);
    if (parsed === null) continue;
    parsed.segments.forEach((segment, i) => {
      if (segment.param || allow.has(segment.name)) return;
      const report = (message) => results.push({ message, path: ['paths', path] });
      if (!KEBAB.test(segment.name)) {
        report(`Segment "${segment.name}" of ${path} is not kebab-case (lowercase letters, digits, hyphens).`);
        return;
      }
      const next = parsed.segments[i + 1];
      const isCollection = next === undefined || next.param;
      if (isCollection && !segment.name.endsWith('s')) {
        report(`Collection segment "${segment.name}" of ${path} is not plural (allowed non-plural segments: ${[...allow].join(', ')}).`);
      }
    });
  }
  return results;
}
