import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  decodeSigningSecret,
  generateSigningSecret,
  newMessageId,
  sign,
  SigningSecretError,
} from '../../src/delivery/signing.js';

describe('generateSigningSecret', () => {
  it('makes whsec_ secrets of 32 random bytes by default, 24 to 64 on request', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(decodeSigningSecret(secret)).toHaveLength(32);
    expect(decodeSigningSecret(generateSigningSecret(24))).toHaveLength(24);
    expect(decodeSigningSecret(generateSigningSecret(64))).toHaveLength(64);
    expect(generateSigningSecret()).not.toBe(secret);
    expect(() => generateSigningSecret(16)).toThrow(RangeError);
  });

  it('refuses malformed secrets without echoing them', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    for (const bad of [key, `whsec_${key.slice(1)}`, `whsec_${key}!`, `whsec_${Buffer.alloc(16).toString('base64')}`]) {
      expect(() => decodeSigningSecret(bad)).toThrow(SigningSecretError);
      try {
        decodeSigningSecret(bad);
      } catch (err) {
        expect((err as Error).message).not.toContain(key.slice(5, 20));
      }
    }
  });
});

describe('sign', () => {
  const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;

  it('is HMAC-SHA256 over id.timestamp.body with the decoded key, as the reference library computes it', () => {
    const body = '{"type":"document.processed","consumer_ref_id":"Grüße"}';
    const header = sign({ id: 'msg_1', timestamp: 1714636800, body, secrets: [secret] });
    const expected = createHmac('sha256', '0123456789abcdef0123456789abcdef')
      .update(`msg_1.1714636800.${body}`)
      .digest('base64');
    expect(header).toBe(`v1,${expected}`);
    expect(header).toBe(new Webhook(secret).sign('msg_1', new Date(1714636800 * 1000), body));
  });

  it('signs with every secret, space-separated', () => {
    const other = generateSigningSecret();
    const both = sign({ id: 'msg_1', timestamp: 1, body: '{}', secrets: [secret, other] });
    const [first, second] = both.split(' ');
    expect(first).toBe(sign({ id: 'msg_1', timestamp: 1, body: '{}', secrets: [secret] }));
    expect(second).toBe(sign({ id: 'msg_1', timestamp: 1, body: '{}', secrets: [other] }));
  });

  it('refuses no secrets, odd timestamps and ids that would make the signed content ambiguous', () => {
    expect(() => sign({ id: 'msg_1', timestamp: 1, body: '{}', secrets: [] })).toThrow(SigningSecretError);
    expect(() => sign({ id: 'msg_1', timestamp: 1.5, body: '{}', secrets: [secret] })).toThrow(RangeError);
    expect(() => sign({ id: 'msg.1', timestamp: 1, body: '{}', secrets: [secret] })).toThrow(RangeError);
    expect(() => sign({ id: 'msg 1', timestamp: 1, body: '{}', secrets: [secret] })).toThrow(RangeError);
  });
});

describe('newMessageId', () => {
  it('is msg_ + a 26-character ULID that sorts by time', () => {
    const id = newMessageId(Date.parse('2024-05-02T08:00:00Z'));
    expect(id).toMatch(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(id.slice(4, 14)).toBe('01HWW52G00');
    const earlier = newMessageId(1_000);
    const later = newMessageId(2_000);
    expect(earlier < later).toBe(true);
    const many = new Set(Array.from({ length: 1000 }, () => newMessageId(5)));
    expect(many.size).toBe(1000);
  });
});
