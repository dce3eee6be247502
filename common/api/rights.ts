import { z } from 'zod';
import { RIGHTS_URIS } from '../rights.ts';

/** A rights statement URI, exactly one of the vocabulary's (common/rights.ts): `https://` is refused. */
export const rightsUri = z.enum(RIGHTS_URIS, {
  error: 'Choose one of the rights statements (rightsstatements.org or Creative Commons, as http:// URIs)',
});
