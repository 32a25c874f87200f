import { validateXML, type XMLValidationError } from "xmllint-wasm";
// The schemas travel inside the server bundle as text (Vite's ?raw), so the built server finds
// them without reading files relative to its own location.
import fatturaSchemaText from "@digitalia/fatturapa/src/schemas/Schema_1.2.1.xsd?raw";
import signatureSchemaText from "./schemas/xmldsig-core-schema.xsd?raw";

// Validation of a FatturaPA document against the official XML Schema (docs/decisions/022), by
// libxml2's XML Schema 1.0 validator (xmllint-wasm: libxml2 compiled to WebAssembly, run in a
// worker thread for each call, nothing native to install).
//
// The schema is the Agenzia delle Entrate's XSD (v1.2.1) as @digitalia/fatturapa ships it. It
// imports the W3C's XML Signature schema from the W3C's server for its optional ds:Signature;
// there is no network here (and no reason to fetch at run time), so the import is pointed at the
// same W3C file kept in ./schemas and handed to libxml2 beside the main schema.

const SIGNATURE_NAMESPACE = "http://www.w3.org/2000/09/xmldsig#";
const SIGNATURE_SCHEMA_URL = "http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd";
const SIGNATURE_SCHEMA_FILE = "xmldsig-core-schema.xsd";
const FATTURA_SCHEMA_FILE = "Schema_1.2.1.xsd";
const DOCUMENT_FILE = "fattura.xml";

export interface ValidationResult {
  valid: boolean;
  /** libxml2's messages, each with the document's line ("line 12: Element 'CAP': …"); at most 20. */
  errors: string[];
}

export interface SchemaFiles {
  schema: { fileName: string; contents: string };
  preload: { fileName: string; contents: string };
}

let schemaFiles: SchemaFiles | null = null;

/** The two schema texts as libxml2 gets them. Throws when the main schema's import is not the expected one. */
export function prepareSchemaFiles(fatturaSchema: string, signatureSchema: string): SchemaFiles {
  const main = fatturaSchema.replace(/^\uFEFF/, "");
  const importTag = /<xs:import\s+namespace="([^"]*)"\s+schemaLocation="([^"]*)"\s*\/>/g;
  const imports = [...main.matchAll(importTag)];
  if (imports.length !== 1 || imports[0][1] !== SIGNATURE_NAMESPACE || imports[0][2] !== SIGNATURE_SCHEMA_URL) {
    throw new Error(`FatturaPA schema: expected one import of ${SIGNATURE_SCHEMA_URL}, found ${imports.map((match) => match[2]).join(", ") || "none"}`);
  }
  return {
    schema: { fileName: FATTURA_SCHEMA_FILE, contents: main.replace(`schemaLocation="${SIGNATURE_SCHEMA_URL}"`, `schemaLocation="${SIGNATURE_SCHEMA_FILE}"`) },
    preload: { fileName: SIGNATURE_SCHEMA_FILE, contents: signatureSchema },
  };
}

/** The official schema with its import resolved, prepared once. */
export function fatturaSchemaFiles(): SchemaFiles {
  schemaFiles ??= prepareSchemaFiles(fatturaSchemaText, signatureSchemaText);
  return schemaFiles;
}

function describe(error: XMLValidationError): string {
  const message = error.message.replace(/^(element \S+: )?Schemas validity error : /, "");
  return error.loc ? `line ${error.loc.lineNumber}: ${message}` : message;
}

/**
 * Checks a FatturaPA document against the official schema. A document that is not well-formed is
 * invalid; a schema that libxml2 cannot compile throws (a broken deployment, not a bad invoice).
 */
export async function validateFatturaXml(xml: string, files: SchemaFiles = fatturaSchemaFiles()): Promise<ValidationResult> {
  const result = await validateXML({
    xml: [{ fileName: DOCUMENT_FILE, contents: xml }],
    schema: [files.schema],
    preload: [files.preload],
  });
  if (result.valid) return { valid: true, errors: [] };
  // Only the lines that point into the document: libxml2 follows a parser error with the line's text and a caret.
  const located = result.errors.filter((error) => error.loc?.fileName === DOCUMENT_FILE);
  const errors = (located.length ? located.map(describe) : [result.rawOutput.split("\n")[0] || "invalid"]).slice(0, 20);
  return { valid: false, errors };
}
