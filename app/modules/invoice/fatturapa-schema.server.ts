import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";

// Validation of a FatturaPA document against the official XML Schema (docs/decisions/022).
//
// The schema is the Agenzia delle Entrate's XSD (v1.2.1) that @digitalia/fatturapa ships in its
// package; that library's own check (fpaValidate) is a hand-written yup transcription of the
// specification, not the schema, and it refuses valid files (a consumer's invoice without a PEC).
// So this module reads the XSD itself and checks a document the way a schema validator does:
// the root and its namespace, every element's content model (sequences, choices, occurrences,
// order), every simple value against its type (patterns, enumerations, lengths, ranges, and the
// built-in decimal, integer, date and dateTime), and the attribute. It understands exactly the
// XSD features this schema uses and refuses to load a schema with any other, so a newer XSD
// dropped in its place either is checked completely or fails loudly. ds:Signature (the only
// foreign element) is refused: the shop never signs its files, the intermediary does.

type Occurs = { min: number; max: number };
type Particle =
  | ({ kind: "element"; name: string; type: string } & Occurs)
  | ({ kind: "sequence" | "choice"; items: Particle[] } & Occurs)
  | ({ kind: "signature" } & Occurs);

interface ComplexType {
  content: Particle;
  /** Child element name → its type (one type per name within a content model). */
  childTypes: Map<string, string>;
  attributes: { name: string; type: string; required: boolean }[];
}

interface SimpleType {
  base: string;
  patterns: RegExp[];
  enumeration: string[] | null;
  length?: number;
  minLength?: number;
  maxLength?: number;
  minInclusive?: number;
  maxInclusive?: number;
  collapse: boolean;
}

interface Schema {
  targetNamespace: string;
  root: { name: string; type: string };
  complexTypes: Map<string, ComplexType>;
  simpleTypes: Map<string, SimpleType>;
}

type XmlNode = Record<string, unknown> & { ":@"?: Record<string, string> };

const XS = "xs:";
const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: "", parseTagValue: false, parseAttributeValue: false, trimValues: false, processEntities: true, commentPropName: "#comment" });

function tagOf(node: XmlNode): string | null {
  return Object.keys(node).find((key) => key !== ":@") ?? null;
}

function childrenOf(node: XmlNode): XmlNode[] {
  const tag = tagOf(node);
  const value = tag ? node[tag] : null;
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

function elementsOf(node: XmlNode): XmlNode[] {
  return childrenOf(node).filter((child) => {
    const tag = tagOf(child);
    return tag !== null && tag !== "#text" && tag !== "#comment" && tag !== "?xml";
  });
}

function attrs(node: XmlNode): Record<string, string> {
  return node[":@"] ?? {};
}

function occurs(node: XmlNode): Occurs {
  const a = attrs(node);
  return { min: a.minOccurs === undefined ? 1 : Number(a.minOccurs), max: a.maxOccurs === undefined ? 1 : a.maxOccurs === "unbounded" ? Infinity : Number(a.maxOccurs) };
}

/** An XSD regular expression as a JavaScript one (implicitly anchored), for the constructs the schema uses. */
function xsdPattern(pattern: string): RegExp {
  const blocks: Record<string, string> = { IsBasicLatin: "\\u0000-\\u007F", "IsLatin-1Supplement": "\\u0080-\\u00FF" };
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") {
      const block = /^\\p\{([A-Za-z0-9-]+)\}/.exec(pattern.slice(i));
      if (block) {
        const range = blocks[block[1]];
        if (!range) throw new Error(`FatturaPA schema: unsupported pattern block ${block[1]}`);
        out += inClass ? range : `[${range}]`;
        i += block[0].length - 1;
        continue;
      }
      const next = pattern[i + 1];
      if (!/[-.\\[\]{}()*+?^$|]/.test(next)) throw new Error(`FatturaPA schema: unsupported pattern escape \\${next}`);
      out += `\\${next}`;
      i++;
      continue;
    }
    if (char === "[") inClass = true;
    if (char === "]") inClass = false;
    out += char;
  }
  return new RegExp(`^(?:${out})$`, "u");
}

function readParticle(node: XmlNode): Particle {
  const tag = tagOf(node);
  const a = attrs(node);
  if (tag === `${XS}element`) {
    if (a.ref === "ds:Signature") return { kind: "signature", ...occurs(node) };
    if (!a.name || !a.type) throw new Error(`FatturaPA schema: an element without name and type (${JSON.stringify(a)})`);
    return { kind: "element", name: a.name, type: a.type, ...occurs(node) };
  }
  if (tag === `${XS}sequence` || tag === `${XS}choice`) {
    return { kind: tag === `${XS}sequence` ? "sequence" : "choice", items: elementsOf(node).filter((child) => tagOf(child) !== `${XS}annotation`).map(readParticle), ...occurs(node) };
  }
  throw new Error(`FatturaPA schema: unsupported particle ${tag}`);
}

function collectChildTypes(particle: Particle, into: Map<string, string>) {
  if (particle.kind === "element") {
    const known = into.get(particle.name);
    if (known && known !== particle.type) throw new Error(`FatturaPA schema: ${particle.name} with two types`);
    into.set(particle.name, particle.type);
  } else if (particle.kind !== "signature") {
    for (const item of particle.items) collectChildTypes(item, into);
  }
}

function readSimpleType(node: XmlNode): SimpleType {
  const restriction = elementsOf(node).find((child) => tagOf(child) !== `${XS}annotation`);
  if (!restriction || tagOf(restriction) !== `${XS}restriction`) throw new Error(`FatturaPA schema: unsupported simple type ${attrs(node).name}`);
  const type: SimpleType = { base: attrs(restriction).base, patterns: [], enumeration: null, collapse: false };
  for (const facet of elementsOf(restriction)) {
    const tag = tagOf(facet);
    const value = attrs(facet).value;
    if (tag === `${XS}pattern`) type.patterns.push(xsdPattern(value));
    else if (tag === `${XS}enumeration`) (type.enumeration ??= []).push(value);
    else if (tag === `${XS}length`) type.length = Number(value);
    else if (tag === `${XS}minLength`) type.minLength = Number(value);
    else if (tag === `${XS}maxLength`) type.maxLength = Number(value);
    else if (tag === `${XS}minInclusive`) type.minInclusive = Number(value);
    else if (tag === `${XS}maxInclusive`) type.maxInclusive = Number(value);
    else if (tag === `${XS}whiteSpace` && value === "collapse") type.collapse = true;
    else if (tag !== `${XS}annotation`) throw new Error(`FatturaPA schema: unsupported facet ${tag}`);
  }
  return type;
}

/** Compiles the XSD text into the tables the validator walks. */
export function compileSchema(xsd: string): Schema {
  const doc = parser.parse(xsd) as XmlNode[];
  const root = doc.find((node) => tagOf(node) === `${XS}schema`);
  if (!root) throw new Error("FatturaPA schema: no xs:schema");
  const schema: Schema = { targetNamespace: attrs(root).targetNamespace, root: { name: "", type: "" }, complexTypes: new Map(), simpleTypes: new Map() };
  for (const node of elementsOf(root)) {
    const tag = tagOf(node);
    const a = attrs(node);
    if (tag === `${XS}import` || tag === `${XS}annotation`) continue;
    if (tag === `${XS}element`) schema.root = { name: a.name, type: a.type };
    else if (tag === `${XS}simpleType`) schema.simpleTypes.set(a.name, readSimpleType(node));
    else if (tag === `${XS}complexType`) {
      const parts = elementsOf(node).filter((child) => tagOf(child) !== `${XS}annotation`);
      const model = parts.find((child) => tagOf(child) === `${XS}sequence` || tagOf(child) === `${XS}choice`);
      if (!model) throw new Error(`FatturaPA schema: ${a.name} has no content model`);
      const attributes = parts
        .filter((child) => tagOf(child) === `${XS}attribute`)
        .map((child) => ({ name: attrs(child).name, type: attrs(child).type, required: attrs(child).use === "required" }));
      if (parts.length !== 1 + attributes.length) throw new Error(`FatturaPA schema: unsupported content in ${a.name}`);
      const content = readParticle(model);
      const childTypes = new Map<string, string>();
      collectChildTypes(content, childTypes);
      schema.complexTypes.set(a.name, { content, childTypes, attributes });
    } else throw new Error(`FatturaPA schema: unsupported top-level ${tag}`);
  }
  if (!schema.root.name) throw new Error("FatturaPA schema: no root element");
  return schema;
}

/** Every way `particle` (with its occurrences) can consume names from `pos`: the positions it may end at. */
function ends(particle: Particle, names: string[], pos: number): Set<number> {
  const result = new Set<number>();
  if (particle.min === 0) result.add(pos);
  let frontier = new Set([pos]);
  const seen = new Set([pos]);
  for (let count = 1; count <= particle.max && frontier.size; count++) {
    const next = new Set<number>();
    for (const start of frontier) for (const end of once(particle, names, start)) next.add(end);
    // An unbounded repetition stops once it makes no progress.
    frontier = new Set([...next].filter((end) => count <= particle.min || !seen.has(end)));
    for (const end of next) seen.add(end);
    if (count >= particle.min) for (const end of next) result.add(end);
  }
  return result;
}

function once(particle: Particle, names: string[], pos: number): Set<number> {
  if (particle.kind === "element") return new Set(names[pos] === particle.name ? [pos + 1] : []);
  if (particle.kind === "signature") return new Set(names[pos] === "ds:Signature" ? [pos + 1] : []);
  if (particle.kind === "choice") {
    const result = new Set<number>();
    for (const item of particle.items) for (const end of ends(item, names, pos)) result.add(end);
    return result;
  }
  let current = new Set([pos]);
  for (const item of particle.items) {
    const next = new Set<number>();
    for (const start of current) for (const end of ends(item, names, start)) next.add(end);
    current = next;
  }
  return current;
}

const BUILT_IN: Record<string, (value: string) => boolean> = {
  "xs:string": () => true,
  "xs:normalizedString": () => true,
  "xs:decimal": (value) => /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value),
  "xs:integer": (value) => /^[+-]?\d+$/.test(value),
  "xs:date": (value) => isDate(value, /^(\d{4})-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2})?$/),
  "xs:dateTime": (value) => isDate(value, /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/),
  "xs:base64Binary": (value) => /^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(value),
};

function isDate(value: string, shape: RegExp): boolean {
  const match = shape.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export interface ValidationResult {
  valid: boolean;
  /** What is wrong, each with the element's path ("FatturaElettronicaHeader/…/CAP: …"); at most 20. */
  errors: string[];
}

class Validator {
  errors: string[] = [];
  constructor(private readonly schema: Schema) {}

  fail(path: string, message: string) {
    if (this.errors.length < 20) this.errors.push(`${path}: ${message}`);
  }

  simpleValue(path: string, typeName: string, raw: string) {
    const builtIn = BUILT_IN[typeName];
    if (builtIn) {
      const value = typeName === "xs:string" ? raw : typeName === "xs:normalizedString" ? raw.replace(/[\t\n\r]/g, " ") : raw.replace(/[\t\n\r ]+/g, " ").trim();
      if (!builtIn(value)) this.fail(path, `"${raw}" is not a valid ${typeName}`);
      return;
    }
    const type = this.schema.simpleTypes.get(typeName);
    if (!type) throw new Error(`FatturaPA schema: unknown type ${typeName}`);
    this.simpleValue(path, type.base, raw);
    let value = type.base === "xs:normalizedString" ? raw.replace(/[\t\n\r]/g, " ") : raw;
    if (type.collapse || ["xs:decimal", "xs:integer", "xs:date", "xs:dateTime"].includes(type.base)) value = value.replace(/[\t\n\r ]+/g, " ").trim();
    const length = [...value].length;
    if (type.length !== undefined && length !== type.length) this.fail(path, `"${value}" must be ${type.length} characters long`);
    if (type.minLength !== undefined && length < type.minLength) this.fail(path, `"${value}" is shorter than ${type.minLength} characters`);
    if (type.maxLength !== undefined && length > type.maxLength) this.fail(path, `"${value}" is longer than ${type.maxLength} characters`);
    if (type.patterns.length && !type.patterns.some((pattern) => pattern.test(value))) this.fail(path, `"${value}" does not match ${typeName}`);
    if (type.enumeration && !type.enumeration.includes(value)) this.fail(path, `"${value}" is not one of ${typeName}'s values`);
    if (type.minInclusive !== undefined && Number(value) < type.minInclusive) this.fail(path, `${value} is below ${type.minInclusive}`);
    if (type.maxInclusive !== undefined && Number(value) > type.maxInclusive) this.fail(path, `${value} is above ${type.maxInclusive}`);
  }

  element(path: string, node: XmlNode, typeName: string) {
    const children = childrenOf(node);
    const complex = this.schema.complexTypes.get(typeName);
    if (!complex) {
      if (elementsOf(node).length) this.fail(path, "a simple value may not hold elements");
      if (Object.keys(attrs(node)).length) this.fail(path, "unexpected attribute");
      const text = children.map((child) => (tagOf(child) === "#text" ? String(child["#text"]) : "")).join("");
      this.simpleValue(path, typeName, text);
      return;
    }
    if (Object.keys(attrs(node)).length) this.fail(path, "unexpected attribute");
    for (const child of children) {
      if (tagOf(child) === "#text" && String(child["#text"]).trim() !== "") this.fail(path, "text where only elements are allowed");
    }
    const elements = elementsOf(node);
    const names = elements.map((child) => tagOf(child)!);
    if (!ends(complex.content, names, 0).has(names.length)) {
      this.fail(path, `the elements ${names.join(", ") || "(none)"} do not follow the schema's ${typeName}`);
      return;
    }
    for (const child of elements) {
      const name = tagOf(child)!;
      if (name === "ds:Signature") {
        this.fail(`${path}/${name}`, "a signature is the intermediary's to add");
        continue;
      }
      this.element(`${path}/${name}`, child, complex.childTypes.get(name)!);
    }
  }

  document(xml: string) {
    const wellFormed = XMLValidator.validate(xml);
    if (wellFormed !== true) {
      this.fail("/", `not well-formed XML: ${wellFormed.err.msg} (line ${wellFormed.err.line})`);
      return;
    }
    const roots = elementsOf({ root: parser.parse(xml) as XmlNode[] });
    if (roots.length !== 1) {
      this.fail("/", "one root element expected");
      return;
    }
    const [root] = roots;
    const tag = tagOf(root)!;
    const [prefix, local] = tag.includes(":") ? tag.split(":") : ["", tag];
    const rootAttrs = attrs(root);
    const namespace = rootAttrs[prefix ? `xmlns:${prefix}` : "xmlns"];
    if (local !== this.schema.root.name || namespace !== this.schema.targetNamespace) {
      this.fail(tag, `the root must be ${this.schema.root.name} in ${this.schema.targetNamespace}`);
      return;
    }
    const type = this.schema.complexTypes.get(this.schema.root.type)!;
    for (const attribute of type.attributes) {
      const value = rootAttrs[attribute.name];
      if (value === undefined) {
        if (attribute.required) this.fail(local, `the attribute ${attribute.name} is required`);
      } else this.simpleValue(`${local}/@${attribute.name}`, attribute.type, value);
    }
    for (const name of Object.keys(rootAttrs)) {
      if (name === "xmlns" || name.startsWith("xmlns:") || name === "xsi:schemaLocation") continue;
      if (!type.attributes.some((attribute) => attribute.name === name)) this.fail(local, `unexpected attribute ${name}`);
    }
    // Unqualified local elements: a default namespace on the root would put them in it.
    if (prefix && rootAttrs.xmlns) this.fail(local, "a default namespace would qualify the schema's unqualified elements");
    this.element(local, { [local]: childrenOf(root) } as XmlNode, this.schema.root.type);
  }
}

let compiled: Schema | null = null;

/** The XSD file shipped by @digitalia/fatturapa (the Agenzia delle Entrate's Schema 1.2.1). */
export function officialSchemaPath(): string {
  const packageJson = createRequire(import.meta.url).resolve("@digitalia/fatturapa/package.json");
  return join(dirname(packageJson), "src", "schemas", "Schema_1.2.1.xsd");
}

function officialSchema(): Schema {
  compiled ??= compileSchema(readFileSync(officialSchemaPath(), "utf8").replace(/^\uFEFF/, ""));
  return compiled;
}

/** Checks a FatturaPA document against the official schema. */
export function validateFatturaXml(xml: string, schema: Schema = officialSchema()): ValidationResult {
  const validator = new Validator(schema);
  validator.document(xml);
  return { valid: validator.errors.length === 0, errors: validator.errors };
}
