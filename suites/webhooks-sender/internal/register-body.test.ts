import { describe, expect, it } from 'vitest';
import { fillRegisterBody } from './register-body.js';

describe('fillRegisterBody', () => {
  it('fills {sinkUrl} and {secret} at any depth and leaves the rest alone', () => {
    const template = { url: '{sinkUrl}', auth: { secret: '{secret}', note: 'to {sinkUrl}?x=1' }, events: ['*', '{other}'], active: true, n: 3 };
    expect(fillRegisterBody(template, { sinkUrl: 'http://127.0.0.1:9/apicert-sink/x', secret: 's3' })).toEqual({
      url: 'http://127.0.0.1:9/apicert-sink/x',
      auth: { secret: 's3', note: 'to http://127.0.0.1:9/apicert-sink/x?x=1' },
      events: ['*', '{other}'],
      active: true,
      n: 3,
    });
  });

  it('takes replacement patterns in the values literally', () => {
    expect(fillRegisterBody({ secret: '{secret}' }, { sinkUrl: 'u', secret: '$&$1' })).toEqual({ secret: '$&$1' });
  });

  it('does not change the template', () => {
    const template = { url: '{sinkUrl}' };
    fillRegisterBody(template, { sinkUrl: 'u', secret: 's' });
    expect(template).toEqual({ url: '{sinkUrl}' });
  });
});
