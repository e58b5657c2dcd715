// Each check has a stable anchor, so a link to report#check-<id> survives re-runs and the comparison
// can point at the check it names.

/** The element id of a check: "check-" plus its id, with anything outside [A-Za-z0-9._-] as "_". */
export function toCheckAnchor(checkId: string): string {
  return `check-${checkId.replace(/[^A-Za-z0-9._-]/g, '_')}`;
}
