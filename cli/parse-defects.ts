// --defects of `apicert reference-server` and of `npm run demo`: names of the reference server's
// defect switches, each checked, so a typo is a usage error rather than a silently clean server.
import { isDefectName, type DefectName } from '../reference-server/defects.js';
import { UsageError } from '../harness/errors.js';
import { parseList } from './parse-flag-values.js';

export function parseDefects(raw: string | undefined): DefectName[] {
  const names = parseList(raw) ?? [];
  for (const name of names) {
    if (!isDefectName(name)) {
      throw new UsageError(
        `--defects: unknown defect "${name}"; run \`apicert reference-server --list-defects\` to see them`,
      );
    }
  }
  return names as DefectName[];
}
