import { describe, expect, it } from 'vitest';
import { joinWebhookUrl, normalizeWebhookBaseUrl } from '../../src/jobs/webhook-url.js';

const BASE = 'https://h.example/hooks';

describe('joinWebhookUrl', () => {
  it.each([
    ['a/b?x=1', 'https://h.example/hooks/a/b?x=1'],
    ['', 'https://h.example/hooks'],
    ['/a', 'https://h.example/hooks/a'],
    ['a', 'https://h.example/hooks/a'],
    ['?tenant=7', 'https://h.example/hooks?tenant=7'],
    ['a/b/', 'https://h.example/hooks/a/b/'],
    ['caf%C3%A9', 'https://h.example/hooks/caf%C3%A9'],
    ['café', 'https://h.example/hooks/caf%C3%A9'],
    ['a..b/c.d', 'https://h.example/hooks/a..b/c.d'],
  ])('%j -> %s', (relative, expected) => {
    expect(joinWebhookUrl(BASE, relative)).toBe(expected);
  });

  it('joins to a base without a path', () => {
    expect(joinWebhookUrl('https://h.example', 'x/y')).toBe('https://h.example/x/y');
    expect(joinWebhookUrl('https://h.example', '')).toBe('https://h.example/');
    expect(joinWebhookUrl('http://h.example:8080/p', 'q')).toBe('http://h.example:8080/p/q');
  });

  it.each([
    'https://evil.example/x',
    'http://evil.example',
    '//evil.example',
    '//evil.example/hooks',
    '\\\\evil.example',
    '/\\evil.example',
    '\\/evil.example',
    'http:evil.example',
    'https:/evil.example',
    'javascript:alert(1)',
    'mailto:a@b.c',
    '../..',
    '../other',
    'a/../../x',
    './a',
    '..',
    '%2e%2e/x',
    '%2E%2E%2Fx',
    '.%2e/x',
    '%252e%252e/x',
    'a/%2e%2e/%2e%2e/x',
    '..%2fx',
    '%2F%2Fevil.example',
    'a%5c..%5cx',
    'http%3A%2F%2Fevil.example',
    'a b',
    'a\tb',
    'a\nb',
    'a#frag',
    '\u0000',
  ])('rejects %j', (relative) => {
    expect(() => joinWebhookUrl(BASE, relative)).toThrow();
  });
});

describe('normalizeWebhookBaseUrl', () => {
  it('accepts http(s) and drops trailing slashes', () => {
    expect(normalizeWebhookBaseUrl('https://h.example/hooks/')).toBe('https://h.example/hooks');
    expect(normalizeWebhookBaseUrl('http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000');
  });
  it.each([
    'ftp://h.example',
    'h.example/hooks',
    'https://u:p@h.example',
    'https://h.example/?a=1',
    'https://h.example/#x',
  ])('rejects %j', (url) => expect(() => normalizeWebhookBaseUrl(url)).toThrow());
});
