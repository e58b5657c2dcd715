import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTokenRequest, readTokenAnswer } from './oauth2-token-request.js';

describe('buildTokenRequest', () => {
  it('asks for a client credentials grant, the client authenticated by HTTP Basic (RFC 6749 4.4.2, 2.3.1)', () => {
    const request = buildTokenRequest({ clientId: 's6BhdRkqt3', clientSecret: '7Fjfp0ZBr1KtDRbnfVdmIw' });
    expect(request).toEqual({
      headers: {
        // RFC 6749 4.4.2's example client.
        authorization: 'Basic czZCaGRSa3F0Mzo3RmpmcDBaQnIxS3REUmJuZlZkbUl3',
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    expect(buildTokenRequest({ clientId: 'a', clientSecret: 'b', scope: 'orders:read orders:write' }).body).toBe(
      'grant_type=client_credentials&scope=orders%3Aread+orders%3Awrite',
    );
  });

  it('form-encodes the id and the secret before joining them, so a ":" in either stays apart', () => {
    const { authorization } = buildTokenRequest({ clientId: 'id:1', clientSecret: 'p@ss w:rd' }).headers;
    expect(Buffer.from(authorization!.slice('Basic '.length), 'base64').toString()).toBe('id%3A1:p%40ss+w%3Ard');
  });
});

describe('readTokenAnswer', () => {
  it('reads the access_token of a 200 (RFC 6749 5.1)', () => {
    const answer = JSON.stringify({
      access_token: 'tok_2YotnFZFEjr1zCsicMWpAA',
      token_type: 'Bearer',
      expires_in: 3600,
    });
    expect(readTokenAnswer(200, answer)).toEqual({ token: 'tok_2YotnFZFEjr1zCsicMWpAA' });
  });

  it('says why there is no token, naming only an error code of RFC 6749 5.2', () => {
    expect(readTokenAnswer(401, '{"error":"invalid_client","error_description":"secret sEcReT is wrong"}')).toEqual({
      problem:
        'answered 401 (error "invalid_client"): the client id or secret is wrong, or the client may not use this grant',
    });
    expect(readTokenAnswer(400, '{"error":"sEcReT"}')).toEqual({ problem: 'answered 400' });
    expect(readTokenAnswer(302, '')).toEqual({
      problem: 'answered 302: a token endpoint answers, it does not redirect (not followed)',
    });
    expect(readTokenAnswer(200, '<html>sEcReT</html>')).toEqual({
      problem: 'answered 200 with a body that is not a JSON object',
    });
    expect(readTokenAnswer(200, '{"token":"sEcReT"}')).toEqual({ problem: 'answered 200 without an access_token' });
    expect(readTokenAnswer(200, '{"access_token":"sEcReT with spaces"}')).toEqual({
      problem:
        'answered 200 with an access_token that holds spaces, control or non-ASCII characters, which no token does',
    });
  });

  it('never quotes the body it was given', () => {
    const planted = fc.oneof(
      fc.string().map((text) => `sEcReT${text}`),
      fc.jsonValue().map((value) => ({ sEcReT: value })),
    );
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), planted, (status, value) => {
        const read = readTokenAnswer(status, JSON.stringify({ error: value, access_token: value, sEcReT: value }));
        if ('problem' in read) expect(read.problem).not.toMatch(/sEcReT/);
      }),
    );
  });
});
