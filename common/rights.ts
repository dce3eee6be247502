import type { CopyrightStatus } from './enums.ts';

/**
 * The rights statements an item can carry (issue 26 §1): the twelve of rightsstatements.org and
 * the Creative Commons licences and marks. Each is named by its URI exactly as its vocabulary
 * defines it, `http://` and trailing slash included (validators of IIIF, Europeana and the DPLA
 * refuse an `https://` variant). Zod-free: the public pages import it.
 */
export interface RightsStatement {
  uri: string;
  /** Short code drawn as the statement's badge (its icon, no outside image). */
  code: string;
  /** Its name as the vocabulary gives it in English, and in Faroese. */
  en: string;
  fo: string;
  /**
   * False where the statement says the public may not reuse the file (In Copyright without a
   * permission): their download is then the watermarked display image. Statements that leave it
   * open (not evaluated, undetermined) keep the archive's usual watermarked download.
   */
  allowsReuse: boolean;
  /** Free of copyright: public display needs no watermark when the watermark follows rights. */
  publicDomain: boolean;
  /** The copyright_status this statement records (one per statement; kept consistent both ways). */
  status: CopyrightStatus;
  /** The badge's family, for its colours. */
  family: 'in-copyright' | 'no-copyright' | 'other' | 'creative-commons';
}

const RS = 'http://rightsstatements.org/vocab/';
const CC = 'http://creativecommons.org/';

export const RIGHTS_STATEMENTS: readonly RightsStatement[] = [
  {
    uri: `${RS}InC/1.0/`,
    code: 'InC',
    en: 'In Copyright',
    fo: 'Verndað av upphavsrætti',
    allowsReuse: false,
    publicDomain: false,
    status: 'copyrighted',
    family: 'in-copyright',
  },
  {
    uri: `${RS}InC-OW-EU/1.0/`,
    code: 'InC-OW-EU',
    en: 'In Copyright - EU Orphan Work',
    fo: 'Verndað av upphavsrætti – foreldraleyst verk (ES)',
    allowsReuse: false,
    publicDomain: false,
    status: 'orphan_work',
    family: 'in-copyright',
  },
  {
    uri: `${RS}InC-EDU/1.0/`,
    code: 'InC-EDU',
    en: 'In Copyright - Educational Use Permitted',
    fo: 'Verndað av upphavsrætti – loyvt at nýta til undirvísing',
    allowsReuse: true,
    publicDomain: false,
    status: 'permission_granted',
    family: 'in-copyright',
  },
  {
    uri: `${RS}InC-NC/1.0/`,
    code: 'InC-NC',
    en: 'In Copyright - Non-Commercial Use Permitted',
    fo: 'Verndað av upphavsrætti – loyvt at nýta ikki-vinnuliga',
    allowsReuse: true,
    publicDomain: false,
    status: 'permission_granted',
    family: 'in-copyright',
  },
  {
    uri: `${RS}InC-RUU/1.0/`,
    code: 'InC-RUU',
    en: 'In Copyright - Rights-holder(s) Unlocatable or Unidentifiable',
    fo: 'Verndað av upphavsrætti – rættindahavarin er ókendur ella finst ikki',
    allowsReuse: false,
    publicDomain: false,
    status: 'copyrighted',
    family: 'in-copyright',
  },
  {
    uri: `${RS}NoC-CR/1.0/`,
    code: 'NoC-CR',
    en: 'No Copyright - Contractual Restrictions',
    fo: 'Eingin upphavsrættur – avmarkingar í avtalu',
    allowsReuse: true,
    publicDomain: false,
    status: 'public_domain',
    family: 'no-copyright',
  },
  {
    uri: `${RS}NoC-NC/1.0/`,
    code: 'NoC-NC',
    en: 'No Copyright - Non-Commercial Use Only',
    fo: 'Eingin upphavsrættur – bert ikki-vinnulig nýtsla',
    allowsReuse: true,
    publicDomain: false,
    status: 'public_domain',
    family: 'no-copyright',
  },
  {
    uri: `${RS}NoC-OKLR/1.0/`,
    code: 'NoC-OKLR',
    en: 'No Copyright - Other Known Legal Restrictions',
    fo: 'Eingin upphavsrættur – aðrar kendar løgfrøðiligar avmarkingar',
    allowsReuse: true,
    publicDomain: false,
    status: 'public_domain',
    family: 'no-copyright',
  },
  {
    uri: `${RS}NoC-US/1.0/`,
    code: 'NoC-US',
    en: 'No Copyright - United States',
    fo: 'Eingin upphavsrættur – Sambandsríki Amerika',
    allowsReuse: true,
    publicDomain: false,
    status: 'public_domain',
    family: 'no-copyright',
  },
  {
    uri: `${RS}CNE/1.0/`,
    code: 'CNE',
    en: 'Copyright Not Evaluated',
    fo: 'Upphavsrætturin er ikki mettur',
    allowsReuse: true,
    publicDomain: false,
    status: 'unknown',
    family: 'other',
  },
  {
    uri: `${RS}UND/1.0/`,
    code: 'UND',
    en: 'Copyright Undetermined',
    fo: 'Upphavsrætturin er óavgjørdur',
    allowsReuse: true,
    publicDomain: false,
    status: 'unknown',
    family: 'other',
  },
  {
    uri: `${RS}NKC/1.0/`,
    code: 'NKC',
    en: 'No Known Copyright',
    fo: 'Eingin kendur upphavsrættur',
    allowsReuse: true,
    publicDomain: false,
    status: 'public_domain',
    family: 'other',
  },
  {
    uri: `${CC}publicdomain/zero/1.0/`,
    code: 'CC0',
    en: 'CC0 1.0 Universal (Public Domain Dedication)',
    fo: 'CC0 1.0 – latið til almenna ogn',
    allowsReuse: true,
    publicDomain: true,
    status: 'public_domain',
    family: 'creative-commons',
  },
  {
    uri: `${CC}publicdomain/mark/1.0/`,
    code: 'PDM',
    en: 'Public Domain Mark 1.0',
    fo: 'Almenn ogn (Public Domain Mark 1.0)',
    allowsReuse: true,
    publicDomain: true,
    status: 'public_domain',
    family: 'creative-commons',
  },
  ...(
    [
      ['by', 'CC BY', 'Attribution', 'Tilnevning'],
      ['by-sa', 'CC BY-SA', 'Attribution-ShareAlike', 'Tilnevning – deil á sama hátt'],
      ['by-nc', 'CC BY-NC', 'Attribution-NonCommercial', 'Tilnevning – ikki vinnuligt'],
      [
        'by-nc-sa',
        'CC BY-NC-SA',
        'Attribution-NonCommercial-ShareAlike',
        'Tilnevning – ikki vinnuligt – deil á sama hátt',
      ],
      ['by-nd', 'CC BY-ND', 'Attribution-NoDerivatives', 'Tilnevning – ongar broytingar'],
      [
        'by-nc-nd',
        'CC BY-NC-ND',
        'Attribution-NonCommercial-NoDerivatives',
        'Tilnevning – ikki vinnuligt – ongar broytingar',
      ],
    ] as const
  ).map(
    ([path, code, en, fo]): RightsStatement => ({
      uri: `${CC}licenses/${path}/4.0/`,
      code: `${code} 4.0`,
      en: `${en} 4.0 International`,
      fo: `${fo} 4.0 (altjóða)`,
      allowsReuse: true,
      publicDomain: false,
      status: 'creative_commons',
      family: 'creative-commons',
    }),
  ),
];

export const RIGHTS_URIS = RIGHTS_STATEMENTS.map((r) => r.uri) as [string, ...string[]];

const BY_URI = new Map(RIGHTS_STATEMENTS.map((r) => [r.uri, r]));

/** The statement of a URI, or undefined for one not in the vocabulary. */
export const rightsStatement = (uri: string | null | undefined) => (uri ? BY_URI.get(uri) : undefined);

/** Copyright Not Evaluated: what an item carries until someone has looked (the spec's 'unknown'). */
export const DEFAULT_RIGHTS = `${RS}CNE/1.0/`;

/**
 * The statement a copyright_status stands for when only the status is set (the older field, and
 * the spec's): each status has one, and that statement's own status is the same, so setting either
 * field keeps the two in step (`statusForRights(rightsForStatus(s)) === s`).
 */
const RIGHTS_FOR_STATUS: Record<CopyrightStatus, string> = {
  unknown: `${RS}CNE/1.0/`,
  public_domain: `${CC}publicdomain/mark/1.0/`,
  copyrighted: `${RS}InC/1.0/`,
  creative_commons: `${CC}licenses/by/4.0/`,
  permission_granted: `${RS}InC-EDU/1.0/`,
  orphan_work: `${RS}InC-OW-EU/1.0/`,
};

export const rightsForStatus = (status: CopyrightStatus) => RIGHTS_FOR_STATUS[status];

export const statusForRights = (uri: string): CopyrightStatus => rightsStatement(uri)?.status ?? 'unknown';
