import { describe, expect, it } from 'vitest';
import { operationOfEvent, recordOfEvent } from './webhook-events.js';

describe('webhook event names', () => {
  it('reads the operation off names written every which way', () => {
    expect(operationOfEvent('customer.created', 'customer')).toBe('create');
    expect(operationOfEvent('newPet', 'pet')).toBe('create');
    expect(operationOfEvent('PetUpdated', 'pet')).toBe('update');
    expect(operationOfEvent('pet_removed', 'pet')).toBe('delete');
    expect(operationOfEvent('order.created', 'pet')).toBeUndefined();
    expect(operationOfEvent('pet.vaccinated', 'pet')).toBeUndefined();
  });

  it('names the record of an event only when a verb stands beside one noun', () => {
    expect(recordOfEvent('newPet')).toBe('pet');
    expect(recordOfEvent('address.created')).toBe('address');
    expect(recordOfEvent('news.deleted')).toBe('news');
    expect(recordOfEvent('invoice')).toBeUndefined();
    expect(recordOfEvent('line.item.created')).toBeUndefined();
  });
});
