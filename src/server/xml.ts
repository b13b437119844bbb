/**
 * XML documents the functions answer (the notices' Atom feeds and sitemap), written with xmlbuilder2
 * through this one door, which hands it every text and attribute value safely.
 *
 * Why the door: xmlbuilder2 escapes `<`, `>` and quotes, but leaves an `&` that starts something
 * shaped like an entity reference (`&amp;`, `&nbsp;`) as it is. A title typed "Fees &nbsp; due"
 * would reach the XML as an entity XML does not define, and no reader could parse the feed; one
 * typed "&amp;" would read as "&". So each value has its every `&` written `&amp;` first, which
 * xmlbuilder2 then keeps: the reader gets the value exactly as given.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

const literal = (value: string) => value.replaceAll('&', '&amp;');

export class XmlElement {
  readonly #node: XMLBuilder;

  constructor(node: XMLBuilder) {
    this.#node = node;
  }

  /** A child element (in this one's namespace unless `namespace` is given) with attributes and, when given, text. */
  add(name: string, attributes: Record<string, string> = {}, text?: string, namespace?: string): XmlElement {
    const child = namespace ? this.#node.ele(namespace, name) : this.#node.ele(name);
    for (const [key, value] of Object.entries(attributes)) child.att(key, literal(value));
    if (text !== undefined) child.txt(literal(text));
    return new XmlElement(child);
  }

  /** The element's xml:lang: the language of its words and of its children's. */
  lang(tag: string): this {
    this.#node.att(XML_NAMESPACE, 'xml:lang', tag);
    return this;
  }
}

/** A document whose root element `name` is in `namespace`, with `prefixes` declared on it ({ xhtml: '...' }). */
export function xmlDocument(
  namespace: string,
  name: string,
  prefixes: Record<string, string> = {},
): { root: XmlElement; end: () => string } {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(namespace, name);
  for (const [prefix, uri] of Object.entries(prefixes)) root.att(XMLNS_NAMESPACE, `xmlns:${prefix}`, uri);
  return { root: new XmlElement(root), end: () => doc.end() };
}
