import { describe, expect, it } from 'vitest';
import { fillObserveTemplate, resolveReceiverUrl } from './receiver-url.js';

describe('resolveReceiverUrl', () => {
  it('joins a path to the base URL and keeps its path prefix', () => {
    expect(resolveReceiverUrl('http://127.0.0.1:4010', '/webhook-receiver')).toBe(
      'http://127.0.0.1:4010/webhook-receiver',
    );
    expect(resolveReceiverUrl('http://h/api/v1/', 'hooks/in')).toBe('http://h/api/v1/hooks/in');
  });

  it('keeps an absolute URL on another host as is', () => {
    expect(resolveReceiverUrl('http://127.0.0.1:4010', 'https://hooks.example.com/in?x=1')).toBe(
      'https://hooks.example.com/in?x=1',
    );
  });
});

describe('fillObserveTemplate', () => {
  it('puts the percent-encoded event id in every slot', () => {
    expect(fillObserveTemplate('/events/{eventId}?again={eventId}', 'evt 1/2')).toBe(
      '/events/evt%201%2F2?again=evt%201%2F2',
    );
  });
});
