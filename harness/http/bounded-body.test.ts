import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HttpBodyTooLargeError } from '../errors.js';
import { BoundedBodyReader } from './bounded-body.js';

describe('BoundedBodyReader', () => {
  it('returns the whole body when it fits', async () => {
    const reader = new BoundedBodyReader(10);
    const body = await reader.read(Readable.from([Buffer.from('abc'), Buffer.from('def')]));
    expect(body.toString()).toBe('abcdef');
    expect(reader.bytesRead).toBe(6);
  });

  it('destroys the stream and keeps only the capped prefix when the body is too large', async () => {
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled++;
        this.push(Buffer.alloc(4, 0x61));
      },
    });
    const reader = new BoundedBodyReader(10);
    await expect(reader.read(endless)).rejects.toBeInstanceOf(HttpBodyTooLargeError);
    expect(endless.destroyed).toBe(true);
    expect(reader.received().toString()).toBe('a'.repeat(10));
    // A prefix for the evidence copies no more than it asks for, across chunks too.
    expect(reader.received(3).toString()).toBe('aaa');
    expect(reader.received(6).toString()).toBe('a'.repeat(6));
    expect(reader.received(6)).toHaveLength(6);
    expect(reader.bytesRead).toBe(12);
    expect(pulled).toBeLessThan(10);
  });

  it('rejects with the stream error and keeps what arrived before it', async () => {
    const failing = new Readable({ read() {} });
    const reader = new BoundedBodyReader(100);
    const read = reader.read(failing);
    failing.push(Buffer.from('part'));
    setImmediate(() => failing.destroy(Object.assign(new Error('reset'), { code: 'ECONNRESET' })));
    await expect(read).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(reader.received().toString()).toBe('part');
  });

  it('rejects when the stream closes without ending', async () => {
    const closing = new Readable({ read() {} });
    const read = new BoundedBodyReader(100).read(closing);
    setImmediate(() => closing.destroy());
    await expect(read).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
});

describe('BoundedBodyReader on a stream that already failed', () => {
  it('rejects at once with the error the stream failed with', async () => {
    const failed = new Readable({ read() {} });
    failed.on('error', () => {});
    failed.destroy(Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(new BoundedBodyReader(100).read(failed)).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});

describe('BoundedBodyReader deadline', () => {
  it('destroys a body still arriving after the deadline and says so', async () => {
    const trickle = new Readable({ read() {} });
    const timer = setInterval(() => trickle.push(Buffer.from('.')), 10);
    const reader = new BoundedBodyReader(1_000, performance.now() + 80);
    const started = performance.now();
    await expect(reader.read(trickle)).rejects.toThrow('deadline');
    clearInterval(timer);
    expect(performance.now() - started).toBeLessThan(500);
    expect(reader.deadlinePassed).toBe(true);
    expect(trickle.destroyed).toBe(true);
    expect(reader.received().length).toBe(reader.bytesRead);
  });

  it('leaves a body that ends in time alone', async () => {
    const reader = new BoundedBodyReader(1_000, performance.now() + 1_000);
    await expect(reader.read(Readable.from([Buffer.from('ok')]))).resolves.toEqual(Buffer.from('ok'));
    expect(reader.deadlinePassed).toBe(false);
  });
});
