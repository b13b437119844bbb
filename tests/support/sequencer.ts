/**
 * Vitest's own order (project by project; in each, the longest files of the last run first, or on a
 * clean clone the largest), but the scripts project's files first of all. A file there runs a whole
 * `npm run check` in a copy of the repository, minutes of the run's longest single file; queued
 * behind every other project's, it started last and ran nearly alone at the end of `npm test`.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export default class ScriptsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (file: TestSpecification) => file.project.name === 'scripts';
    return [...sorted.filter(first), ...sorted.filter((file) => !first(file))];
  }
}
