import { describe, expect, it } from 'vitest';
import { defects, isDefectName } from './defects.js';
import { paginationProbes } from './test-support/defect-probes/pagination-probes.js';
import { receiverProbes } from './test-support/defect-probes/receiver-probes.js';
import { resourceProbes } from './test-support/defect-probes/resource-probes.js';
import { senderProbes } from './test-support/defect-probes/sender-probes.js';

describe('defect switches', () => {
  it('are unique kebab-case names with a one-line description', () => {
    const names = defects.map((defect) => defect.name);
    expect(new Set(names).size).toBe(names.length);
    for (const defect of defects) {
      expect(defect.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(defect.description.length).toBeGreaterThan(10);
      expect(defect.description).not.toMatch(/\n/);
    }
  });

  it('name, when a variant, the convention clause that allows them', () => {
    for (const defect of defects.filter((d) => d.allowedBy !== undefined)) {
      expect(defect.allowedBy, defect.name).toMatch(/^convention \d+(\.\d+)?(\/\d+)?: /);
    }
  });

  it('each have exactly one probe proving they change behaviour', () => {
    const probed = [resourceProbes, paginationProbes, senderProbes, receiverProbes].flatMap((table) =>
      Object.keys(table),
    );
    expect(new Set(probed).size).toBe(probed.length);
    expect([...probed].sort()).toEqual(defects.map((defect) => defect.name).sort());
  });

  it('recognizes known names only', () => {
    expect(isDefectName('cursor-skips-item')).toBe(true);
    expect(isDefectName('cursor-skips-items')).toBe(false);
    expect(isDefectName('')).toBe(false);
  });
});
