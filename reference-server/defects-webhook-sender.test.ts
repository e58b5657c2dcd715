// Every webhook sender defect switch changes behaviour: the probe's observation matches the clean
// expectation on the clean server and the broken one with the switch on.
import { describe, it } from 'vitest';
import { defects, type DefectName } from './defects.js';
import { runProbe } from './test-support/defect-probes/probe-env.js';
import { senderProbes } from './test-support/defect-probes/sender-probes.js';

const descriptions = new Map(defects.map((defect) => [defect.name, defect.description]));

describe('webhook sender defect switches', () => {
  // Probes are independent servers, so they run side by side; their time margins allow for it.
  it.concurrent.for(Object.entries(senderProbes))(
    '%s breaks its rule while the clean server keeps it',
    async ([name, probe], { expect }) => {
      expect(descriptions.has(name as DefectName)).toBe(true);
      const [clean, broken] = await Promise.all([runProbe(probe!, []), runProbe(probe!, [name as DefectName])]);
      expect(clean, 'clean server').toEqual(probe!.clean);
      expect(broken, descriptions.get(name as DefectName)).toEqual(probe!.broken);
    },
  );
});
