// Every defect switch of the reference server, one entry each. A switch breaks one rule the way
// real implementations do, so each apicert check can be proven to fail against it. A switch with
// `allowedBy` is a variant instead: behaviour the convention leaves open ("not shown", quoted there),
// which the kit accepts unless a config pin asks for one choice; a check may name it as its proof
// only where the kit advises against it, or fails it once the config pins the other choice. A
// switch with `noCheckYet` breaks a rule the convention states that no check enforces yet (a known gap).
// Names are kebab-case and name the wrong behaviour; once published a name keeps its meaning.

import { paginationDefects } from './defects/pagination-defects.js';
import { receiverDefects } from './defects/receiver-defects.js';
import { resourceDefects } from './defects/resource-defects.js';
import { senderDefects } from './defects/sender-defects.js';

// One list, by suite, in the order the docs list them (reference-server/defects/).
const defectList = [...resourceDefects, ...paginationDefects, ...senderDefects, ...receiverDefects] as const;

/** The name of one defect switch. */
export type DefectName = (typeof defectList)[number]['name'];

/** One switch: its name, the behaviour it turns on and, for a variant, the convention clause that allows it. */
export interface DefectSwitch {
  readonly name: DefectName;
  readonly description: string;
  readonly allowedBy?: string;
  /** For a known gap: the rule it breaks, and why no check catches it yet. */
  readonly noCheckYet?: string;
  /** A switch that changes something only in some signature profiles: the flag and the profiles. */
  readonly onlyWith?: { readonly flag: 'sender-profile' | 'receiver-profile'; readonly profiles: readonly string[] };
}

/** Switches that act only in some signature profiles; the others act in every one. */
const profileBound: Partial<Record<DefectName, NonNullable<DefectSwitch['onlyWith']>>> = {
  'sender-stale-timestamp': { flag: 'sender-profile', profiles: ['standard-webhooks', 'stripe'] },
  'sender-omits-id-header': { flag: 'sender-profile', profiles: ['github', 'shopify'] },
  'sender-id-header-changes-on-retry': { flag: 'sender-profile', profiles: ['github', 'standard-webhooks', 'shopify'] },
  'receiver-ignores-timestamp': { flag: 'receiver-profile', profiles: ['standard-webhooks'] },
  'receiver-reads-first-signature-only': { flag: 'receiver-profile', profiles: ['standard-webhooks'] },
};

/** Every defect switch, with a one-line description of the wrong (or, for a variant, the other allowed) behaviour. */
export const defects: readonly DefectSwitch[] = defectList.map((defect) => {
  const onlyWith = profileBound[defect.name];
  return onlyWith === undefined ? defect : { ...defect, onlyWith };
});

const defectNames: ReadonlySet<string> = new Set(defectList.map((d) => d.name));

/** True when `name` is a known defect switch. */
export function isDefectName(name: string): name is DefectName {
  return defectNames.has(name);
}
