import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** The official OAI-PMH and Dublin Core schemas, copied beside the OAI feature (standards/README.md). */
const STANDARDS = join(import.meta.dirname, '..', 'features', 'oai', 'standards');
/** Any OAI-PMH answer carrying oai_dc records. */
export const HARVEST_SCHEMA = join(STANDARDS, 'harvest-check.xsd');
/** One oai_dc record on its own. */
export const OAI_DC_SCHEMA = join(STANDARDS, 'oai_dc.xsd');

/**
 * xmllint's verdict (Debian's libxml2-utils, offline: --nonet) on an XML text or on files against a
 * schema: '' when all are valid, else what it says.
 */
export function xmlSchemaErrors(schema: string, input: { xml: string } | { files: string[] }): string {
  const sources = 'xml' in input ? ['-'] : input.files;
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, ...sources], {
      ...('xml' in input ? { input: input.xml } : {}),
      stdio: 'pipe',
      maxBuffer: 64 * 1024 * 1024,
    });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}
