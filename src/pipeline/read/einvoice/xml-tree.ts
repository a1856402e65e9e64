// Safe XML reading for e-invoices: hostile constructs are refused before any parser sees the text, sizes and depth
// are capped, and namespace prefixes are resolved to URIs so that mapping never depends on the prefix a producer
// chose (rsm:, ram:, a default namespace, ...).

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PipelineError } from '../../errors.js';

/** Largest e-invoice XML accepted (characters of the decoded text; ~bytes for UTF-8). Real ones are < 1 MiB. */
export const MAX_XML_CHARS = 10 * 1024 * 1024;
/** Deepest element nesting accepted. CII nests about 8 levels, UBL about 7; 64 leaves room and bounds recursion. */
export const MAX_XML_DEPTH = 64;

export interface XmlElement {
  /** Local name without prefix, e.g. ExchangedDocument. */
  name: string;
  /** Resolved namespace URI ('' when none). */
  ns: string;
  /** Attributes by local name (prefixes dropped; xmlns declarations excluded), values entity-decoded. */
  attrs: Map<string, string>;
  children: XmlElement[];
  /** Character data directly inside the element (text and CDATA, entity-decoded, line ends normalised). */
  text: string;
  parent: XmlElement | null;
  /** Prefix used when printing paths: a canonical one for known namespaces, else the producer's. */
  prefix: string;
  /** 1-based position among same-named siblings, or 0 when the element has none (no [n] in its path). */
  position: number;
}

// Canonical prefixes for the namespaces the mappers know, so provenance paths read the same for every producer.
const CANONICAL_PREFIXES = new Map<string, string>(
  Object.entries({
    'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100': 'rsm',
    'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100': 'ram',
    'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100': 'udt',
    'urn:un:unece:uncefact:data:standard:QualifiedDataType:100': 'qdt',
    'urn:ferd:CrossIndustryDocument:invoice:1p0': 'rsm',
    'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12': 'ram',
    'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15': 'udt',
    'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2': 'ubl',
    'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2': 'ubl',
    'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
    'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
    'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2': 'ext',
  }),
);

// A DTD is the door to XXE (external entities) and billion laughs (nested entity expansion). No e-invoice syntax
// uses one, so any declaration is refused outright, wherever it appears, before parsing.
const FORBIDDEN_DECLARATION = /<!\s*(DOCTYPE|ENTITY)/i;

// A Map, not an object literal: '&constructor;' must not find Object.prototype.constructor.
const PREDEFINED_ENTITIES = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['apos', "'"],
  ['quot', '"'],
]);

function invalid(message: string, detail: Record<string, unknown> = {}, cause?: unknown): PipelineError {
  const options = cause === undefined ? undefined : { cause };
  return new PipelineError('parsing', 'xml_invalid', message, detail, false, options);
}

/**
 * Decodes the five predefined entities and character references. The parser runs with entity processing off, so
 * this is the only expansion there is: one reference yields at most one character, which bounds the output.
 */
function decodeReferences(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&\s]{1,32});|&/g, (match, ref: string | undefined) => {
    if (ref === undefined) throw invalid('The XML contains a bare "&".');
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      const digitsOk = ref[1] === 'x' ? /^#x[0-9a-fA-F]+$/.test(ref) : /^#[0-9]+$/.test(ref);
      if (!digitsOk || !Number.isFinite(code) || code < 1 || code > 0x10ffff) {
        throw invalid(`The XML contains an invalid character reference "${match}".`);
      }
      return String.fromCodePoint(code);
    }
    const value = PREDEFINED_ENTITIES.get(ref);
    if (value === undefined) throw invalid(`The XML references an undeclared entity "${match.slice(0, 40)}".`);
    return value;
  });
}

/** Refuses DTDs and oversized input; throws PipelineError('parsing', 'xml_forbidden_construct' | 'resource_limit'). */
export function assertSafeXmlText(xml: string): void {
  if (xml.length > MAX_XML_CHARS) {
    throw new PipelineError('parsing', 'resource_limit', 'The XML document is larger than the accepted maximum.', {
      chars: xml.length,
      maxChars: MAX_XML_CHARS,
    });
  }
  const match = FORBIDDEN_DECLARATION.exec(xml);
  if (match) {
    throw new PipelineError(
      'parsing',
      'xml_forbidden_construct',
      'The XML contains a DOCTYPE or ENTITY declaration, which is refused.',
      { construct: match[1]?.toUpperCase(), offset: match.index },
    );
  }
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: '#cdata',
  commentPropName: false,
  maxNestedTags: MAX_XML_DEPTH,
});

type OrderedNode = Record<string, unknown>;

interface Scope {
  prefixes: Map<string, string>;
}

function splitName(qualified: string): [prefix: string, local: string] {
  const colon = qualified.indexOf(':');
  return colon < 0 ? ['', qualified] : [qualified.slice(0, colon), qualified.slice(colon + 1)];
}

function tooDeep(): PipelineError {
  return new PipelineError('parsing', 'resource_limit', 'The XML is nested too deeply.', { maxDepth: MAX_XML_DEPTH });
}

function buildElement(
  node: OrderedNode,
  tag: string,
  parent: XmlElement | null,
  scope: Scope,
  depth: number,
): XmlElement {
  if (depth > MAX_XML_DEPTH) throw tooDeep();
  const rawAttrs = (node[':@'] ?? {}) as Record<string, string>;
  let prefixes = scope.prefixes;
  const attrs = new Map<string, string>();
  for (const [key, value] of Object.entries(rawAttrs)) {
    const name = key.slice(2); // drop '@_'
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (prefixes === scope.prefixes) prefixes = new Map(prefixes);
      prefixes.set(name === 'xmlns' ? '' : name.slice(6), decodeReferences(String(value)));
    } else {
      attrs.set(splitName(name)[1], decodeReferences(String(value)));
    }
  }
  const [producerPrefix, local] = splitName(tag);
  // An unbound prefix is tolerated (namespace ''): mapping goes by local names under a root whose namespace is checked.
  const ns = prefixes.get(producerPrefix) ?? '';
  const element: XmlElement = {
    name: local,
    ns,
    attrs,
    children: [],
    text: '',
    parent,
    prefix: CANONICAL_PREFIXES.get(ns) ?? producerPrefix,
    position: 0,
  };
  const childScope: Scope = { prefixes };
  const textParts: string[] = [];
  for (const child of (node[tag] ?? []) as OrderedNode[]) {
    if ('#text' in child) textParts.push(decodeReferences(String(child['#text'])));
    else if ('#cdata' in child) {
      for (const part of child['#cdata'] as OrderedNode[]) textParts.push(String(part['#text'] ?? ''));
    } else {
      const childTag = Object.keys(child).find((key) => key !== ':@');
      if (childTag !== undefined) element.children.push(buildElement(child, childTag, element, childScope, depth + 1));
    }
  }
  element.text = textParts.join('');
  numberSameNamedSiblings(element.children);
  return element;
}

function numberSameNamedSiblings(children: XmlElement[]): void {
  const counts = new Map<string, number>();
  for (const child of children) counts.set(qualifiedKey(child), (counts.get(qualifiedKey(child)) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const child of children) {
    const key = qualifiedKey(child);
    if ((counts.get(key) ?? 0) > 1) {
      const position = (seen.get(key) ?? 0) + 1;
      seen.set(key, position);
      child.position = position;
    }
  }
}

function qualifiedKey(element: XmlElement): string {
  return `${element.ns}\u0000${element.name}`;
}

/**
 * Parses an XML document into a namespace-resolved element tree. Throws PipelineError (stage 'parsing'):
 * 'xml_forbidden_construct' for DTD/entity declarations, 'resource_limit' for size or depth, 'xml_invalid' for
 * anything not well-formed.
 */
export function parseXmlDocument(input: string): XmlElement {
  assertSafeXmlText(input);
  // XML 1.0 section 2.11: line ends are normalised to LF before parsing; a leading byte-order mark is not content.
  const xml = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (xml.trim() === '') throw invalid('The XML document is empty.');
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    const { code, msg, line, col } = validation.err;
    throw invalid(`The XML is not well-formed: ${msg}`, { code, line, col });
  }
  assertNothingAfterRoot(xml);
  let ordered: OrderedNode[];
  try {
    ordered = parser.parse(xml) as OrderedNode[];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/nested tags/i.test(message)) throw tooDeep();
    throw invalid('The XML could not be parsed.', { reason: message.slice(0, 200) }, error);
  }
  const roots: XmlElement[] = [];
  for (const node of ordered) {
    if ('#text' in node) {
      if (String(node['#text']).trim() !== '') throw invalid('The XML has text outside its root element.');
      continue;
    }
    const tag = Object.keys(node).find((key) => key !== ':@');
    if (tag !== undefined) roots.push(buildElement(node, tag, null, { prefixes: new Map() }, 1));
  }
  const [root] = roots;
  if (root === undefined || roots.length > 1) {
    throw invalid('The XML must have exactly one root element.', { roots: roots.length });
  }
  return root;
}

/**
 * fast-xml-parser's validator accepts text after a self-closing root (`<a/>junk`) and its parser drops it; XML
 * allows only comments, processing instructions and white space there. Cuts those from the end (without a
 * backtracking regex over megabytes) and requires the rest to end with a tag.
 */
function assertNothingAfterRoot(xml: string): void {
  let end = xml.length;
  for (;;) {
    while (end > 0 && /\s/.test(xml[end - 1] ?? '')) end -= 1;
    const tail = xml.slice(Math.max(0, end - 3), end);
    if (tail === '-->') end = xml.lastIndexOf('<!--', end - 3);
    else if (tail.endsWith('?>')) end = xml.lastIndexOf('<?', end - 2);
    else break;
    if (end < 0) throw invalid('The XML has an unterminated comment or processing instruction.');
  }
  if (xml[end - 1] !== '>') throw invalid('The XML has text after its root element.');
}

/** Absolute XPath with canonical prefixes, e.g. /rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID. */
export function elementPath(element: XmlElement): string {
  const steps: string[] = [];
  for (let current: XmlElement | null = element; current; current = current.parent) {
    const qualified = current.prefix ? `${current.prefix}:${current.name}` : current.name;
    steps.push(current.position > 0 ? `${qualified}[${current.position}]` : qualified);
  }
  return '/' + steps.reverse().join('/');
}

/** First child with the given local name, following a chain of names: child(root, 'A', 'B') is root/A/B. */
export function child(element: XmlElement | null | undefined, ...names: string[]): XmlElement | null {
  let current: XmlElement | null = element ?? null;
  for (const name of names) {
    if (!current) return null;
    current = current.children.find((candidate) => candidate.name === name) ?? null;
  }
  return current;
}

/** All children with the given local name. */
export function children(element: XmlElement | null | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((candidate) => candidate.name === name) : [];
}

/** The element's text, trimmed; null when the element is absent or empty. */
export function textOf(element: XmlElement | null | undefined): string | null {
  const value = element?.text.trim();
  return value ? value : null;
}
