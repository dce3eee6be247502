import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The journeys share one running archive, so they run one file at a time in name order:
 * 00-first-run sees the archive empty, before any journey adds to it.
 */
export default class AlphabeticalSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}
