import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that change the demo data others rely on run last. All files share one server and one
 * database (global-setup.ts); offering.e2e.ts ends by placing offering@example.com's order, after
 * which that member no longer lands on the letter.
 */
const LAST = [/[\\/]offering\.e2e\.ts$/];

export default class DemoDataChangesLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (file: TestSpecification) => LAST.some((pattern) => pattern.test(file.moduleId));
    return [...sorted.filter((file) => !last(file)), ...sorted.filter(last)];
  }
}
