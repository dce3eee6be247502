/**
 * `npm test`: typecheck, lint, unit + integration on PGlite, the same on PostgreSQL when
 * TEST_DATABASE_URL is set, then the web build and the browser journeys in Chromium.
 * Exits 0 only if every step ran and passed and at least one test ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, '.test-data', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  report?: string;
}

const vitest = (name: string, args: string[], env?: Record<string, string>): Step => {
  const report = join(reports, `${name}.json`);
  return {
    name,
    command: [
      'npx',
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
    report,
  };
};

const steps: Step[] = [
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: ['npx', 'biome', 'lint', '--error-on-warnings', '.'] },
  vitest('unit+integration (PGlite)', []),
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(vitest('integration (PostgreSQL)', ['server'], { TEST_DB_ENGINE: 'postgres' }));
} else {
  console.log(
    'TEST_DATABASE_URL is not set: the PostgreSQL pass is skipped (CI sets it when PostgreSQL answers).',
  );
}
steps.push({ name: 'build', command: ['npx', 'vite', 'build', '--logLevel', 'warn'] });
steps.push(vitest('e2e (Chromium)', ['--config', 'e2e/vitest.config.ts']));

let passed = 0;
let failed = 0;
const failures: string[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.command[0]!, step.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  if (step.report) {
    const counts = existsSync(step.report) ? JSON.parse(readFileSync(step.report, 'utf8')) : null;
    const stepPassed = counts?.numPassedTests ?? 0;
    const stepFailed = (counts?.numFailedTests ?? 0) + (counts ? 0 : 1);
    passed += stepPassed;
    failed += stepFailed;
    if (stepPassed === 0) failures.push(`${step.name} ran no test`);
  }
  if (result.status !== 0) failures.push(`${step.name} failed (exit ${result.status ?? result.signal})`);
  console.log(
    `=== ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

console.log('');
for (const failure of failures) console.log(`FAILED: ${failure}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length === 0 && failed === 0 && passed > 0 ? 0 : 1);
