/**
 * `Accept` negotiation. The response format comes from `Accept` only (never from a file extension);
 * no header, `*\/*`, `type/*` or an exact match of a type the operation produces is acceptable.
 */

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  return header
    .split(',')
    .map((part) => {
      const [range = '', ...params] = part.trim().split(';');
      const [type = '', subtype = ''] = range.trim().toLowerCase().split('/');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { type, subtype, q: Number.isFinite(q) ? q : 0 };
    })
    .filter((r) => r.type && r.subtype);
}

/**
 * The best supported media type for an `Accept` header, or undefined when none is acceptable.
 * @example negotiate('text/csv, application/json;q=0.5', ['application/json', 'text/csv']) // 'text/csv'
 */
export function negotiate(accept: string | undefined, supported: readonly string[]): string | undefined {
  if (supported.length === 0) return undefined;
  if (!accept || !accept.trim()) return supported[0];
  let best: { type: string; q: number } | undefined;
  for (const range of parseAccept(accept)) {
    if (range.q <= 0) continue;
    const match = supported.find((s) => {
      const [t, st] = s.split('/');
      return (range.type === '*' && range.subtype === '*') || (range.type === t && (range.subtype === '*' || range.subtype === st));
    });
    if (match && (!best || range.q > best.q)) best = { type: match, q: range.q };
  }
  return best?.type;
}
