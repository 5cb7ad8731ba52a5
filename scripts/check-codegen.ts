/**
 * CI gate: regenerates generated/ and fails when the result differs from what is committed
 * (a contract edited without `npm run codegen`, or a hand edit of generated code).
 */
import { execFileSync } from 'node:child_process';

execFileSync(process.execPath, ['--import', 'tsx', 'scripts/codegen.ts'], { stdio: 'inherit' });
const drift = execFileSync('git', ['status', '--porcelain', '--', 'generated'], { encoding: 'utf8' }).trim();
if (drift) {
  console.error(`generated/ is out of date with contracts/ — run \`npm run codegen\` and commit the result:\n${drift}`);
  execFileSync('git', ['--no-pager', 'diff', '--stat', '--', 'generated'], { stdio: 'inherit' });
  process.exit(1);
}
console.log('codegen: generated/ matches the contracts');
