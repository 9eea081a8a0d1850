import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that read the whole table before and after each request: they run first among the system files, while the
 * table is small (after the other files it holds thousands of items and the same file took 175 s instead of 15 s).
 */
const WHOLE_TABLE_READERS = ['test/integration/fuzz-write-routes.test.ts'];

export default class WholeTableReadersFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const readsWholeTable = (file: TestSpecification) => WHOLE_TABLE_READERS.some((path) => file.moduleId.endsWith(path));
    const readers = sorted.filter(readsWholeTable);
    const others = sorted.filter((file) => !readsWholeTable(file));
    const firstOfItsProject = others.findIndex((file) => readers.some((reader) => reader.project.name === file.project.name));
    if (firstOfItsProject < 0) return sorted;
    return [...others.slice(0, firstOfItsProject), ...readers, ...others.slice(firstOfItsProject)];
  }
}
