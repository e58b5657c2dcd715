import { describe, expect, it } from 'vitest';
import { fillEventTemplate, withoutField } from './event-template.js';

describe('fillEventTemplate', () => {
  it('replaces both placeholders in nested strings and leaves other values alone', () => {
    const template = {
      event: 'customer.updated',
      id: '{eventId}',
      data: { id: '{recordId}', tags: ['x-{recordId}'], n: 3, ok: null },
    };
    expect(fillEventTemplate(template, { eventId: 'evt_1', recordId: 'rec_2' })).toEqual({
      event: 'customer.updated',
      id: 'evt_1',
      data: { id: 'rec_2', tags: ['x-rec_2'], n: 3, ok: null },
    });
  });

  it('does not change the template', () => {
    const template = { id: '{eventId}' };
    fillEventTemplate(template, { eventId: 'a', recordId: 'b' });
    expect(template).toEqual({ id: '{eventId}' });
  });
});

describe('withoutField', () => {
  it('drops one top-level field only', () => {
    expect(withoutField({ event: 'e', id: 'i', data: { id: 'r' } }, 'id')).toEqual({ event: 'e', data: { id: 'r' } });
  });
});
