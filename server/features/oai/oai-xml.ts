import {
  type DublinCoreElement,
  type DublinCoreItem,
  type DublinCoreValue,
  eachDublinCore,
} from '#server/interop/dublin-core.ts';

const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const MARKUP = /[&<>"']/g;
const NEEDS_WORK = /[&<>"']|[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text as XML character data: the five markup characters escaped, and the characters XML 1.0
 * cannot carry at all (C0 controls but tab, newline and return; lone surrogates; U+FFFE/U+FFFF)
 * dropped, so no stored text can make a response that a harvester's parser refuses.
 */
export function xmlText(value: string): string {
  // Most catalogue text has nothing to escape: one scan, and the text itself back.
  if (!NEEDS_WORK.test(value)) return value;
  return value.replace(NOT_XML, '').replace(MARKUP, (c) => ESCAPES[c as keyof typeof ESCAPES]);
}

export const element = (name: string, value: string, attributes = '') =>
  `<${name}${attributes}>${xmlText(value)}</${name}>`;

const OAI_DC_OPEN =
  '<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd">';

const dcElement = (name: DublinCoreElement, value: string, lang: string | undefined) =>
  element(`dc:${name}`, value, lang ? ` xml:lang="${lang}"` : '');

/** A record's metadata in oai_dc: the Dublin Core values in the mapping's order. */
export function oaiDc(values: DublinCoreValue[]): string {
  let body = '';
  for (const v of values) body += dcElement(v.element, v.value, v.lang);
  return `${OAI_DC_OPEN}${body}</oai_dc:dc>`;
}

/** An item's metadata in oai_dc, written as the mapping finds each value (no value objects). */
export function itemOaiDc(item: DublinCoreItem, site: { title: string; publicUrl: string }): string {
  let body = '';
  eachDublinCore(item, site, (name, value, lang) => {
    body += dcElement(name, value, lang);
  });
  return `${OAI_DC_OPEN}${body}</oai_dc:dc>`;
}

export const OAI_PMH_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd">';

export const OAI_IDENTIFIER_OPEN =
  '<oai-identifier xmlns="http://www.openarchives.org/OAI/2.0/oai-identifier" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai-identifier http://www.openarchives.org/OAI/2.0/oai-identifier.xsd">';
