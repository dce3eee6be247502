/**
 * A vitest reporter that writes where each test file's time went to the JSON file named by
 * `TIMING_REPORT` (scripts/test.ts reads it and prints each pass's start-up cost and slowest files):
 * `startMs` getting a worker ready for the file (a new process, or a reused one reset), `importMs`
 * importing the file and everything it imports, `setupMs` setup files, `testsMs` its tests and
 * hooks (a `beforeAll` that opens a database counts here).
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTiming {
  file: string;
  project: string;
  startMs: number;
  importMs: number;
  setupMs: number;
  testsMs: number;
}

export default class TimingReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const out = process.env.TIMING_REPORT;
    if (!out) return;
    const timings: FileTiming[] = testModules.map((module) => {
      const d = module.diagnostic();
      return {
        file: relative(process.cwd(), module.moduleId),
        project: module.project.name,
        startMs: Math.round(d.prepareDuration + d.environmentSetupDuration),
        importMs: Math.round(d.collectDuration),
        setupMs: Math.round(d.setupDuration),
        testsMs: Math.round(d.duration),
      };
    });
    writeFileSync(out, JSON.stringify(timings, null, 1));
  }
}

/**
 * Lines for the end of `npm test`: the files' start-up (worker and imports) beside their tests, and
 * the slowest files, whole (start-up included).
 */
export function summarizeTimings(timings: FileTiming[], slowest = 5): string[] {
  const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
  const sum = (pick: (t: FileTiming) => number) => timings.reduce((total, t) => total + pick(t), 0);
  const whole = (t: FileTiming) => t.startMs + t.importMs + t.setupMs + t.testsMs;
  const top = [...timings].sort((a, b) => whole(b) - whole(a)).slice(0, slowest);
  return [
    `${timings.length} files: start-up ${seconds(sum((t) => t.startMs + t.setupMs + t.importMs))} (workers ${seconds(sum((t) => t.startMs + t.setupMs))}, imports ${seconds(sum((t) => t.importMs))}), tests ${seconds(sum((t) => t.testsMs))}`,
    `slowest: ${top.map((t) => `${t.file} ${seconds(whole(t))}`).join(', ')}`,
  ];
}
