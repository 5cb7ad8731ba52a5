/**
 * CPU time a process has used (user + system), from /proc/<pid>/stat, so a benchmark can report
 * what each request cost the server rather than only what the shared machine could deliver.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds used so far by process `pid`, or undefined where /proc is not available. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    // The command name (field 2) may hold spaces; fields after its closing parenthesis are fixed.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
