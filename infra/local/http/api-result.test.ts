import { describe, expect, it } from 'vitest';
import { fromApiResult } from './api-result.ts';

describe('fromApiResult', () => {
  it('should keep the status, headers and body of a structured result', () => {
    const answer = fromApiResult({
      statusCode: 404,
      headers: { 'Content-Type': 'application/json', 'X-Count': 3 },
      body: '{"code":"ERR_NOT_FOUND"}',
    });
    expect(answer.status).toBe(404);
    expect(answer.headers).toEqual({ 'content-type': 'application/json', 'x-count': '3' });
    expect(answer.body.toString()).toBe('{"code":"ERR_NOT_FOUND"}');
  });

  it('should send each cookie as its own Set-Cookie header', () => {
    const answer = fromApiResult({ statusCode: 200, cookies: ['a=1; HttpOnly', 'b=2'] });
    expect(answer.headers['set-cookie']).toEqual(['a=1; HttpOnly', 'b=2']);
  });

  it('should decode a base64 body', () => {
    expect(fromApiResult({ statusCode: 200, body: 'aGk=', isBase64Encoded: true }).body.toString()).toBe(
      'hi',
    );
  });

  it('should answer 200 JSON for a result without a status code', () => {
    const answer = fromApiResult({ total: 3 } as never);
    expect(answer).toMatchObject({ status: 200, headers: { 'content-type': 'application/json' } });
    expect(answer.body.toString()).toBe('{"total":3}');
  });
});
