// Hostile and broken XML: DTDs (XXE, billion laughs) are refused before parsing, malformed XML is 'xml_invalid',
// and size and depth are capped. Every failure is a PipelineError of stage 'parsing'.

import { describe, expect, it } from 'vitest';
import { PipelineError, type PipelineErrorCode } from '../../../../src/pipeline/errors.js';
import {
  detectEInvoice,
  mapEInvoice,
  MAX_XML_CHARS,
  MAX_XML_DEPTH,
} from '../../../../src/pipeline/read/einvoice/index.js';
import { fixture } from './support.js';

function failure(run: () => unknown): PipelineError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PipelineError);
    return error as PipelineError;
  }
  throw new Error('expected a PipelineError');
}

function expectCode(run: () => unknown, code: PipelineErrorCode): PipelineError {
  const error = failure(run);
  expect(error.stage).toBe('parsing');
  expect(error.code).toBe(code);
  expect(error.transient).toBe(false);
  return error;
}

const UBL_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const CBC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

describe('forbidden constructs', () => {
  it('refuses an external entity (XXE) without reading the file', () => {
    const error = expectCode(() => detectEInvoice(fixture('hostile-xxe.xml')), 'xml_forbidden_construct');
    expect(error.detail).toMatchObject({ construct: 'DOCTYPE' });
    expect(JSON.stringify(error.detail) + error.message).not.toContain('root:');
  });

  it('refuses a billion-laughs entity bomb at once', () => {
    const started = performance.now();
    expectCode(() => detectEInvoice(fixture('hostile-billion-laughs.xml')), 'xml_forbidden_construct');
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses DTDs however they are written, and in mapEInvoice too', () => {
    const body = `<Invoice xmlns="${UBL_NS}"/>`;
    for (const prolog of [
      '<!doctype Invoice>',
      '<!DOCTYPE Invoice SYSTEM "http://127.0.0.1:9/evil.dtd">',
      '<!-- hello --><!DOCTYPE Invoice [<!ENTITY % p SYSTEM "file:///etc/hostname"> %p;]>',
      '<!ENTITY e "x">',
    ]) {
      expectCode(() => detectEInvoice(prolog + body), 'xml_forbidden_construct');
      expectCode(
        () => mapEInvoice({ syntax: 'UBL', origin: 'standalone', xml: prolog + body }),
        'xml_forbidden_construct',
      );
    }
  });

  it('does not expand entity references without a DTD', () => {
    for (const reference of ['&e;', '&constructor;', '&__proto__;', '&toString;']) {
      const xml = `<Invoice xmlns="${UBL_NS}" xmlns:cbc="${CBC_NS}"><cbc:ID>${reference}</cbc:ID></Invoice>`;
      expectCode(() => detectEInvoice(xml), 'xml_invalid');
    }
  });

  it('decodes only the predefined entities and character references', () => {
    const xml = `<Invoice xmlns="${UBL_NS}" xmlns:cbc="${CBC_NS}"><cbc:ID>A&amp;B &lt;1&gt; &#252;&#x00DF; &quot;q&apos;</cbc:ID></Invoice>`;
    expect(mapEInvoice(detectEInvoice(xml)!).invoice_number).toBe('A&B <1> üß "q\'');
  });

  it('rejects element names that would pollute Object.prototype', () => {
    const xml = `<Invoice xmlns="${UBL_NS}"><__proto__><polluted>yes</polluted></__proto__></Invoice>`;
    expectCode(() => detectEInvoice(xml), 'xml_invalid');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('malformed XML', () => {
  it('reports a mismatched closing tag as xml_invalid with its position', () => {
    const error = expectCode(() => detectEInvoice(fixture('malformed.xml')), 'xml_invalid');
    expect(error.detail).toMatchObject({ line: 6 });
  });

  it.each([
    ['empty text', ''],
    ['whitespace only', '  \n '],
    ['not XML at all', '%PDF-1.7 not xml'],
    ['two root elements', `<Invoice xmlns="${UBL_NS}"/><Invoice xmlns="${UBL_NS}"/>`],
    ['text after the root', `<Invoice xmlns="${UBL_NS}"/>trailing`],
    ['text between root and a trailing comment', `<Invoice xmlns="${UBL_NS}"/>x<!-- c -->`],
    ['unclosed element', `<Invoice xmlns="${UBL_NS}"><ID>1</ID>`],
    ['bare ampersand', `<Invoice xmlns="${UBL_NS}"><ID>A & B</ID></Invoice>`],
    ['invalid character reference', `<Invoice xmlns="${UBL_NS}"><ID>&#0;</ID></Invoice>`],
  ])('%s -> xml_invalid', (_name, xml) => {
    expectCode(() => detectEInvoice(xml), 'xml_invalid');
  });

  it('accepts comments and processing instructions around the root', () => {
    const xml = `<?xml version="1.0"?>\n<!-- a -->\n<Invoice xmlns="${UBL_NS}"/>\n<!-- b --> <?pi x?>\n`;
    expect(detectEInvoice(xml)?.syntax).toBe('UBL');
  });

  it('maps well-formed XML that is no invoice to xml_invalid, and detects it as null', () => {
    const xml = '<?xml version="1.0"?><order xmlns="urn:example:orders"><id>1</id></order>';
    expect(detectEInvoice(xml)).toBeNull();
    const error = expectCode(() => mapEInvoice({ syntax: 'CII', origin: 'standalone', xml }), 'xml_invalid');
    expect(error.detail).toMatchObject({ root: 'order', namespace: 'urn:example:orders' });
  });

  it('does not take a root for an invoice by its local name alone', () => {
    expect(detectEInvoice('<CrossIndustryInvoice><ID>1</ID></CrossIndustryInvoice>')).toBeNull();
    expect(detectEInvoice('<Invoice xmlns="urn:un:unece:uncefact:data:standard:CBFBUY:5"/>')).toBeNull();
  });
});

describe('resource limits', () => {
  it('refuses input over the size cap before parsing it', () => {
    const padding = ' '.repeat(MAX_XML_CHARS);
    const started = performance.now();
    const error = expectCode(() => detectEInvoice(`<Invoice xmlns="${UBL_NS}">${padding}</Invoice>`), 'resource_limit');
    expect(error.detail).toMatchObject({ maxChars: MAX_XML_CHARS });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses nesting deeper than the cap and accepts nesting within it', () => {
    const nested = (depth: number): string =>
      `<Invoice xmlns="${UBL_NS}">${'<a>'.repeat(depth - 1)}${'</a>'.repeat(depth - 1)}</Invoice>`;
    expectCode(() => detectEInvoice(nested(MAX_XML_DEPTH + 5)), 'resource_limit');
    expectCode(() => detectEInvoice(nested(10_000)), 'resource_limit');
    expect(detectEInvoice(nested(MAX_XML_DEPTH - 1))?.syntax).toBe('UBL');
  });
});
