import { describe, expect, it } from 'vitest';
import { channelIdOf, channelUrl, sinkBaseUrl } from './sink-url.js';

const id = 'a'.repeat(24);

describe('sink URLs', () => {
  it('uses the listening address, with https when TLS is on', () => {
    expect(sinkBaseUrl({ host: '127.0.0.1', port: 4100, isHttps: false })).toBe('http://127.0.0.1:4100');
    expect(sinkBaseUrl({ host: '127.0.0.1', port: 4100, isHttps: true })).toBe('https://127.0.0.1:4100');
    expect(sinkBaseUrl({ host: '::1', port: 9, isHttps: false })).toBe('http://[::1]:9');
  });

  it('replaces a wildcard listening host with loopback', () => {
    expect(sinkBaseUrl({ host: '0.0.0.0', port: 1, isHttps: false })).toBe('http://127.0.0.1:1');
    expect(sinkBaseUrl({ host: '::', port: 1, isHttps: false })).toBe('http://[::1]:1');
  });

  it('prefers publicUrl, without its trailing slash', () => {
    expect(sinkBaseUrl({ host: '0.0.0.0', port: 1, isHttps: false }, 'https://tunnel.example/hooks/')).toBe(
      'https://tunnel.example/hooks',
    );
  });

  it('finds the channel id in a path, behind a prefix and before a query', () => {
    expect(channelIdOf(new URL(channelUrl('http://x:1', id)).pathname)).toBe(id);
    expect(channelIdOf(`/hooks/apicert-sink/${id}?a=1`)).toBe(id);
    expect(channelIdOf(`/apicert-sink/${id}/`)).toBe(id);
    expect(channelIdOf(`/apicert-sink/${id}x`)).toBeUndefined();
    expect(channelIdOf('/apicert-sink/short')).toBeUndefined();
    expect(channelIdOf('/')).toBeUndefined();
  });
});
