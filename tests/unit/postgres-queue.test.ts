/**
 * The patched connection queue of postgres.js (patches/postgres+3.4.9.patch, applied by
 * patch-package on install). Unpatched, every query under steady load left a hole in the pool's
 * queue arrays, which were never compacted and scanned by `indexOf` on every move of a connection:
 * CPU per query grew without bound (measured: 44 → 75 µs after 200k queries) and so did memory.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

type Queue<T> = { readonly length: number; push(x: T): T; shift(): T; remove(x: T): T | null };
type QueueFactory = <T>(initial?: T[]) => Queue<T>;

// An internal module, outside the package's exports map, so loaded by file path: the ES module
// copy the service imports and the CommonJS copy, both patched.
const packageRoot = dirname(dirname(dirname(createRequire(import.meta.url).resolve('postgres'))));
const copies: Array<[string, QueueFactory]> = await Promise.all(
  ['src/queue.js', 'cjs/src/queue.js'].map(async (file) => {
    const module = (await import(pathToFileURL(join(packageRoot, file)).href)) as { default: QueueFactory };
    return [file, module.default] as [string, QueueFactory];
  }),
);

const nativeIndexOf = Array.prototype.indexOf;
afterEach(() => {
  Array.prototype.indexOf = nativeIndexOf;
});

describe.each(copies)('postgres.js connection queue, patched (%s)', (_file, Queue) => {
  it('keeps FIFO order, removes from the middle and counts what it holds', () => {
    const q = Queue<string>();
    ['a', 'b', 'c', 'd'].forEach((x) => q.push(x));
    expect(q.shift()).toBe('a');
    expect(q.remove('c')).toBe('c');
    expect(q.remove('a')).toBeNull(); // already shifted out
    expect(q.length).toBe(2);
    expect([q.shift(), q.shift()]).toEqual(['b', 'd']);
    expect(q.length).toBe(0);
    q.push('e');
    expect([q.length, q.shift(), q.length]).toEqual([1, 'e', 0]);
  });

  it('stays small when it never drains, as the pool queues do under steady load', () => {
    const q = Queue<number>();
    let longestScan = 0;
    Array.prototype.indexOf = function (this: unknown[], ...args: [unknown, number?]) {
      longestScan = Math.max(longestScan, this.length);
      return nativeIndexOf.apply(this, args);
    };
    q.push(-1);
    q.push(-2);
    // The pool's pattern: take the head, "move" it (remove from the queue it still names), and
    // push a connection back; one element always stays, so the queue never empties by shift.
    for (let i = 0; i < 100_000; i++) {
      const head = q.shift();
      q.remove(head);
      q.push(i);
    }
    Array.prototype.indexOf = nativeIndexOf;
    expect(q.length).toBe(2);
    expect([q.shift(), q.shift()]).toEqual([99_998, 99_999]);
    // Unpatched, the last scans covered ~100,000 holes.
    expect(longestScan).toBeLessThanOrEqual(2_100);
  });
});
