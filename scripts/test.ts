/**
 * `npm test`: typecheck, lint, unit + integration on PGlite, the integration tests again on
 * PostgreSQL when TEST_DATABASE_URL is set, then the web build and the browser journeys in
 * Chromium. Exits 0 only if every step ran and passed and at least one test ran. Ends with the
 * time each step took and the whole run's.
 *
 * The tracks of one phase run at the same time (each step's output kept in .test-data/reports/ and
 * printed whole when it ends): a step that waits on a database, a child process or a browser
 * leaves a core idle that the other fills. `TEST_SERIAL=1` runs one step at a time instead.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { engineTestFiles } from '../server/test/engine-files.ts';
import { type FileTiming, summarizeTimings } from './lib/timing-reporter.ts';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, '.test-data', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** The vitest JSON report: its counts are added up. */
  report?: string;
  /** Where each test file's time went (scripts/lib/timing-reporter.ts). */
  timings?: string;
}

const vitest = (name: string, args: string[], env?: Record<string, string>): Step => {
  const base = join(reports, name.replace(/\W+/g, '-').replace(/-$/, ''));
  const report = `${base}.json`;
  const timings = `${base}.timings.json`;
  return {
    name,
    command: [
      'npx',
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/lib/timing-reporter.ts',
      `--outputFile.json=${report}`,
    ],
    env: { ...env, TIMING_REPORT: timings },
    report,
    timings,
  };
};

/** Every server test file; the PostgreSQL pass runs those that can tell the engines apart. */
const serverTests = (readdirSync(join(root, 'server'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join('server', file))
  .sort();

/**
 * Phases run one after another; the tracks of a phase at the same time, the steps of a track one
 * after another.
 */
type Track = Step[];
const phases: Track[][] = [
  [
    [{ name: 'typecheck', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] }],
    [{ name: 'lint', command: ['npx', 'biome', 'lint', '--error-on-warnings', '.'] }],
  ],
  [[vitest('unit+integration (PGlite)', [])]],
  [[{ name: 'build', command: ['npx', 'vite', 'build', '--logLevel', 'warn'] }]],
  [[vitest('e2e (Chromium)', ['--config', 'e2e/vitest.config.ts'])]],
];
if (process.env.TEST_DATABASE_URL) {
  const onPostgres = engineTestFiles(serverTests, root);
  console.log(
    `PostgreSQL pass: ${onPostgres.length} of ${serverTests.length} server test files (those importing server/test/engine.ts or harness.ts, directly or not); the other ${serverTests.length - onPostgres.length} run the same code on either engine and run on PGlite only.`,
  );
  // Two tracks of about the same length, each one test file at a time: the PGlite pass of the
  // server's tests; and the PostgreSQL pass (which waits much on its database), then the PGlite
  // pass of the rest (common, web, scripts, bench), which would otherwise run alone at the end
  // with a core idle. Chosen by --exclude's globs, which are anchored at the root (a file filter
  // "web/" would also take server/web/).
  const rest = ['common', 'web', 'scripts', 'bench'];
  phases[1] = [
    [
      vitest(
        'unit+integration (PGlite): server',
        rest.flatMap((dir) => ['--exclude', `${dir}/**`]),
      ),
    ],
    [
      vitest('integration (PostgreSQL)', onPostgres, { TEST_DB_ENGINE: 'postgres' }),
      vitest('unit+integration (PGlite): the rest', ['--exclude', 'server/**']),
    ],
  ];
} else {
  console.log(
    'TEST_DATABASE_URL is not set: the PostgreSQL pass is skipped (CI sets it when PostgreSQL answers).',
  );
}

interface Outcome {
  step: Step;
  status: number | null;
  seconds: number;
  passed: number;
  failed: number;
  files?: number;
  /** The failed tests (and files that failed outside a test), as "file › test: first line". */
  failures: string[];
}

function run(step: Step, alone: boolean): Promise<Outcome> {
  const started = Date.now();
  const log = join(reports, `${step.name.replace(/\W+/g, '-').replace(/-$/, '')}.log`);
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}${alone ? '' : ` (output: ${log})`}`);
  const child = spawn(step.command[0]!, step.command.slice(1), {
    cwd: root,
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...step.env },
  });
  if (!alone) {
    const out = createWriteStream(log);
    child.stdout!.pipe(out);
    child.stderr!.pipe(out);
  }
  return new Promise((resolveOutcome) => {
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      if (!alone) console.log(`\n=== ${step.name} (its output):\n${readFileSync(log, 'utf8')}`);
      const outcome: Outcome = {
        step,
        status: code ?? (signal ? -1 : null),
        seconds,
        passed: 0,
        failed: 0,
        failures: [],
      };
      if (step.report) {
        const counts = existsSync(step.report) ? JSON.parse(readFileSync(step.report, 'utf8')) : null;
        outcome.passed = counts?.numPassedTests ?? 0;
        outcome.failed = (counts?.numFailedTests ?? 0) + (counts ? 0 : 1);
        outcome.files = counts?.testResults?.length;
        outcome.failures = counts ? failedTests(counts) : [];
      }
      console.log(`=== ${step.name}: ${code === 0 ? 'ok' : 'FAILED'} in ${Math.round(seconds)} s`);
      resolveOutcome(outcome);
    });
  });
}

interface VitestReport {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/**
 * What failed, a line each, so that the end of the output (all a CI summary may keep) names it: a
 * file whose `beforeAll` failed has its tests skipped and only its own message.
 */
function failedTests(report: VitestReport): string[] {
  const firstLine = (text = '') =>
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? '';
  // Where in the file it failed: the first frame of the stack inside the test file ("…:84" of
  // `locator.waitFor` says which of a journey's waits timed out).
  const lineIn = (text = '', file = '') => {
    const at = text.match(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+)`));
    return at ? `:${at[1]}` : '';
  };
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const name = relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests) {
      const message = t.failureMessages?.[0];
      lines.push(`${name}${lineIn(message, name)} › ${t.fullName}: ${firstLine(message)}`);
    }
    if (tests.length === 0 && file.status === 'failed') lines.push(`${name}: ${firstLine(file.message)}`);
  }
  return lines;
}

const serial = process.env.TEST_SERIAL === '1';
const started = Date.now();
const outcomes: Outcome[] = [];
async function runTrack(track: Track, alone: boolean): Promise<Outcome[]> {
  const done: Outcome[] = [];
  for (const step of track) done.push(await run(step, alone));
  return done;
}
for (const phase of phases) {
  if (serial || phase.length === 1)
    for (const track of phase) outcomes.push(...(await runTrack(track, true)));
  else outcomes.push(...(await Promise.all(phase.map((track) => runTrack(track, false)))).flat());
}
const total = (Date.now() - started) / 1000;

const failures: string[] = [];
let passed = 0;
let failed = 0;
console.log('\n=== time per step');
for (const o of outcomes) {
  passed += o.passed;
  failed += o.failed;
  if (o.step.report && o.passed === 0) failures.push(`${o.step.name} ran no test`);
  if (o.status !== 0) failures.push(`${o.step.name} failed (exit ${o.status})`);
  for (const test of o.failures) failures.push(`${o.step.name}: ${test}`);
  const tests = o.step.report ? `  ${o.passed} passed, ${o.failed} failed in ${o.files ?? 0} files` : '';
  console.log(
    `${o.step.name.padEnd(28)} ${String(Math.round(o.seconds)).padStart(5)} s  ${o.status === 0 ? 'ok' : 'FAILED'}${tests}`,
  );
  if (o.step.timings && existsSync(o.step.timings)) {
    const timings = JSON.parse(readFileSync(o.step.timings, 'utf8')) as FileTiming[];
    for (const line of summarizeTimings(timings)) console.log(`${''.padEnd(28)}   ${line}`);
  }
}
const minutes = `${Math.floor(total / 60)} min ${Math.round(total % 60)} s`;
console.log(`${'total (wall clock)'.padEnd(28)} ${String(Math.round(total)).padStart(5)} s  (${minutes})`);

console.log('');
for (const failure of failures) console.log(`FAILED: ${failure}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length === 0 && failed === 0 && passed > 0 ? 0 : 1);
