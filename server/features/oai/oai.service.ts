import { SITE_SETTING_DEFAULTS } from '#common/site-defaults.ts';
import { createAnswerCache } from '#server/http/answer-cache.ts';
import { postgresUrlOf } from '#server/db/database.ts';
import type { AppContext } from '#server/http/context.ts';
import { getSettings } from '../settings/settings.public.ts';
import {
  type ListPage,
  type RecordsSite,
  recordsOf,
  recordXml,
  splitPages,
  toSeconds,
} from './oai-records.ts';
import { createOaiThread } from './oai-thread.ts';
import { element, OAI_IDENTIFIER_OPEN, OAI_PMH_OPEN, oaiDc, xmlText } from './oai-xml.ts';
import * as repo from './oai.repository.ts';
import { createTokenCodec, TOKEN_LIFETIME_S, TOKEN_MAX_LENGTH, type TokenState } from './resumption-token.ts';

/**
 * OAI-PMH 2.0 (issue 26 §3; http://www.openarchives.org/OAI/openarchivesprotocol.html): the six
 * verbs over the public items, one metadata format (oai_dc, server/interop/dublin-core.ts), the
 * public categories as sets, deleted records kept (tombstones, migration 0019), seconds granularity.
 * The answer is worked out before its first byte is sent (the arguments, and a list page read with
 * the next few by one statement), then sent as it is written: on PGlite a few records at a time;
 * on PostgreSQL the page's records come already written, as one piece of bytes (~130 kB), from the
 * harvest's own thread (oai-thread.ts), and are held no longer than its rows were before.
 */

/** Records per list page, read by one indexed statement. */
export const PAGE_SIZE = 100;
/** What is written to the socket at once: a few records, never a whole page. */
const PIECE_BYTES = 32 * 1024;
/**
 * Pages read by one statement when answers are kept: a statement's fixed cost (planning the two
 * branches and the people's subquery, ~3–4 ms) is then paid once for five pages, not for each.
 */
export const PAGES_PER_READ = 5;
/** Pages held at once, read and not yet asked for or asked a moment ago (a page's rows: ~150 KB). */
const PAGES_HELD = 32;

export type OaiArgs = Record<string, string[]>;

type Verb = 'Identify' | 'ListMetadataFormats' | 'ListSets' | 'GetRecord' | ListVerb;
type ListVerb = 'ListIdentifiers' | 'ListRecords';
const LIST_ARGS = {
  required: ['metadataPrefix'],
  optional: ['from', 'until', 'set'],
  exclusive: 'resumptionToken',
};
const VERBS: Record<Verb, { required?: string[]; optional?: string[]; exclusive?: string }> = {
  Identify: {},
  ListMetadataFormats: { optional: ['identifier'] },
  ListSets: { exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'] },
  ListIdentifiers: LIST_ARGS,
  ListRecords: LIST_ARGS,
};

type ErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch'
  | 'noMetadataFormats'
  | 'noSetHierarchy';

class OaiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const METADATA_PREFIX = 'oai_dc';
/** The protocol's own syntax of argument values (OAI-PMH.xsd), so what is echoed is valid. */
const SYNTAX: Record<string, RegExp> = {
  metadataPrefix: /^[A-Za-z0-9\-_.!~*'()]+$/,
  set: /^[A-Za-z0-9\-_.!~*'()]+(:[A-Za-z0-9\-_.!~*'()]+)*$/,
  identifier: /^[^\s<>"{}|\\^`]+$/,
};
const ARGUMENT_MAX_LENGTH = 200;

/**
 * A from/until argument: a day (YYYY-MM-DD) or a second (YYYY-MM-DDThh:mm:ssZ) that exists, as the
 * inclusive start (from) or the exclusive end (until + one day or second) it stands for.
 */
function parseDateArgument(name: 'from' | 'until', value: string) {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const second = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/.exec(value);
  const parts = (day ?? second)?.slice(1).map(Number);
  if (!parts) throw new OaiError('badArgument', `${name} must be YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ (UTC).`);
  const [y, mo, d, h = 0, mi = 0, s = 0] = parts as [number, number, number, number?, number?, number?];
  const time = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(time);
  if (
    y < 1 ||
    back.getUTCFullYear() !== y ||
    back.getUTCMonth() !== mo - 1 ||
    back.getUTCDate() !== d ||
    back.getUTCHours() !== h ||
    back.getUTCMinutes() !== mi ||
    back.getUTCSeconds() !== s
  )
    throw new OaiError('badArgument', `${name} is not a date that exists: ${value}`);
  const granularity = day ? 'day' : 'second';
  const edge = name === 'from' ? time : time + (day ? 86_400_000 : 1000);
  return { granularity, time, iso: new Date(edge).toISOString() };
}

export function createOai(ctx: AppContext) {
  const tokens = createTokenCodec(ctx.config.sessionSecret);
  const baseUrl = `${ctx.config.publicUrl}/oai`;
  const repositoryId = new URL(ctx.config.publicUrl).hostname;
  const idPrefix = `oai:${repositoryId}:`;
  const oaiIdentifier = (id: string) => `${idPrefix}${id}`;
  const itemIdOf = (identifier: string) => {
    const id = identifier.startsWith(idPrefix) ? identifier.slice(idPrefix.length) : '';
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id))
      throw new OaiError('idDoesNotExist', `No item has the identifier ${identifier}.`);
    return id;
  };

  // The publisher of every record: kept a moment (http/answer-cache.ts, dropped by any write
  // through the API) rather than read again for every page of a harvest.
  const titles = createAnswerCache<string>();
  const siteTitle = () =>
    titles.get(
      'site_title',
      async () =>
        (await getSettings(ctx.db, ['site_title'])).site_title ||
        SITE_SETTING_DEFAULTS.site_title ||
        'Archive',
    );

  // A list's pages are read and written on a thread of their own on PostgreSQL (oai-thread.ts),
  // here on PGlite (its database is a thread of its own already).
  const postgresUrl = postgresUrlOf(ctx.db);
  const thread = postgresUrl ? createOaiThread(postgresUrl, ctx.logger) : undefined;
  const site = (title: string) => ({ title, publicUrl: ctx.config.publicUrl });
  const readList = async (
    verb: ListVerb,
    filter: repo.RecordFilter,
    pagesWanted: number,
  ): Promise<ListPage[]> => {
    const limit = pagesWanted * PAGE_SIZE + 1;
    const recordsSite: RecordsSite = {
      idPrefix,
      publisher: verb === 'ListRecords' ? site(await siteTitle()) : undefined,
    };
    if (thread)
      try {
        return (
          await thread.read({ filter, limit, pageSize: PAGE_SIZE, pages: pagesWanted, site: recordsSite })
        ).map((page) => ({ ...page, records: [page.records] }));
      } catch (error) {
        // A thread that failed is no reason to fail the harvest: the pages are written here.
        ctx.logger.warn({ err: error }, 'OAI-PMH: the thread could not write the pages: written here');
      }
    const rows = await repo.listRecords(ctx.db, filter, limit);
    return splitPages(rows, PAGE_SIZE, pagesWanted).map((page) => ({
      ...page,
      records: recordsOf(page.records, recordsSite),
    }));
  };

  // A harvester asks for the pages one after the other. When answers are kept, a page comes from a
  // read of the next few pages too, each kept under the position its token will carry, and the next
  // read is made while this page is sent. Kept as the other answers are (a moment, dropped by any
  // write through the API, so a record made private meanwhile is never sent from here); when
  // nothing is kept (PAGE_CACHE_MS=0), each page is its own read.
  const pages = createAnswerCache<ListPage>({ maxEntries: PAGES_HELD });
  const keyOf = (verb: ListVerb, filter: repo.RecordFilter) => JSON.stringify([verb, filter]);
  const readPages = async (verb: ListVerb, filter: repo.RecordFilter) => {
    if (!pages.enabled) return (await readList(verb, filter, 1))[0] as ListPage;
    const written = await readList(verb, filter, PAGES_PER_READ);
    // A write through the API while they were read drops the page asked for: the others, maybe
    // read before it too, are not kept either.
    if (pages.fresh(keyOf(verb, filter)))
      for (let i = 1; i < written.length; i++) {
        const after = written[i - 1]?.last;
        const page = written[i] as ListPage;
        if (after) pages.get(keyOf(verb, { ...filter, after }), async () => page);
      }
    return written[0] as ListPage;
  };
  const pageOf = (verb: ListVerb, filter: repo.RecordFilter) =>
    pages.get(keyOf(verb, filter), () => readPages(verb, filter));
  // The pages after this one that are held (or being read) are walked through; where they stop
  // short of a read's worth, the next read starts there. So the next pages are read while those
  // already read are sent, and a harvester never waits for a read at every fifth page.
  const readAhead = async (verb: ListVerb, filter: repo.RecordFilter) => {
    if (!pages.enabled) return;
    let next = filter;
    for (let ahead = 0; ahead < PAGES_PER_READ; ahead++) {
      const held = pages.fresh(keyOf(verb, next));
      const page = await pageOf(verb, next);
      if (!held || !page.more || !page.last) return;
      next = { ...filter, after: page.last };
    }
  };

  /** The arguments as one value each, checked against the verb's (badVerb, badArgument). */
  function checkArguments(args: OaiArgs): { verb: Verb; values: Record<string, string> } {
    const verbs = args.verb ?? [];
    if (verbs.length !== 1)
      throw new OaiError('badVerb', verbs.length ? 'The verb is repeated.' : 'No verb was given.');
    const verb = verbs[0] as Verb;
    const rules = Object.hasOwn(VERBS, verb) ? VERBS[verb] : undefined;
    if (!rules) throw new OaiError('badVerb', `${verbs[0]} is not an OAI-PMH verb.`);
    const values: Record<string, string> = {};
    for (const [name, given] of Object.entries(args)) {
      if (name === 'verb') continue;
      const allowed = [...(rules.required ?? []), ...(rules.optional ?? []), rules.exclusive];
      if (!allowed.includes(name)) throw new OaiError('badArgument', `${verb} takes no argument ${name}.`);
      if (given.length !== 1) throw new OaiError('badArgument', `The argument ${name} is repeated.`);
      const value = given[0] as string;
      if (value.length > (name === 'resumptionToken' ? TOKEN_MAX_LENGTH : ARGUMENT_MAX_LENGTH))
        throw new OaiError('badArgument', `The argument ${name} is too long.`);
      const syntax = SYNTAX[name];
      if (syntax && !syntax.test(value))
        throw new OaiError('badArgument', `The argument ${name} is malformed.`);
      values[name] = value;
    }
    if (rules.exclusive && values[rules.exclusive] !== undefined) {
      if (Object.keys(values).length > 1)
        throw new OaiError('badArgument', `${rules.exclusive} is an exclusive argument: send it alone.`);
      return { verb, values };
    }
    for (const name of rules.required ?? [])
      if (values[name] === undefined)
        throw new OaiError('badArgument', `${verb} needs the argument ${name}.`);
    return { verb, values };
  }

  const checkPrefix = (prefix: string | undefined) => {
    if (prefix !== undefined && prefix !== METADATA_PREFIX)
      throw new OaiError('cannotDisseminateFormat', `Records are available as ${METADATA_PREFIX} only.`);
  };

  async function identify(): Promise<string> {
    const earliest = await repo.getEarliestDatestamp(ctx.db);
    const address = /<([^>]+)>/.exec(ctx.config.mailFrom)?.[1] ?? ctx.config.mailFrom.trim();
    const email =
      [address, `archive@${repositoryId}`].find((e) => /^\S+@(\S+\.)+\S+$/.test(e)) ?? 'archive@example.org';
    const describeIds = /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/.test(repositoryId);
    return `<Identify>${element('repositoryName', await siteTitle())}${element('baseURL', baseUrl)}<protocolVersion>2.0</protocolVersion>${element(
      'adminEmail',
      email,
    )}${element('earliestDatestamp', toSeconds(earliest ?? new Date().toISOString()))}<deletedRecord>persistent</deletedRecord><granularity>YYYY-MM-DDThh:mm:ssZ</granularity>${
      describeIds
        ? `<description>${OAI_IDENTIFIER_OPEN}<scheme>oai</scheme>${element('repositoryIdentifier', repositoryId)}<delimiter>:</delimiter>${element(
            'sampleIdentifier',
            oaiIdentifier('0b6c7e5e-8d34-4c1e-9a1d-3f2b8c9d0e1f'),
          )}</oai-identifier></description>`
        : ''
    }</Identify>`;
  }

  async function listMetadataFormats(identifier: string | undefined): Promise<string> {
    if (identifier !== undefined && !(await repo.getRecord(ctx.db, itemIdOf(identifier))))
      throw new OaiError('idDoesNotExist', `No item has the identifier ${identifier}.`);
    return `<ListMetadataFormats><metadataFormat><metadataPrefix>${METADATA_PREFIX}</metadataPrefix><schema>http://www.openarchives.org/OAI/2.0/oai_dc.xsd</schema><metadataNamespace>http://www.openarchives.org/OAI/2.0/oai_dc/</metadataNamespace></metadataFormat></ListMetadataFormats>`;
  }

  async function listSets(token: string | undefined): Promise<Iterable<string>> {
    // The sets fit in one answer: a resumption token for them was never made by us.
    if (token !== undefined) throw new OaiError('badResumptionToken', 'The list of sets is never split.');
    const sets = await repo.listSets(ctx.db);
    if (sets.length === 0) throw new OaiError('noSetHierarchy', 'The archive has no public categories.');
    return (function* () {
      yield '<ListSets>';
      for (const set of sets) {
        const description = set.description?.trim()
          ? `<setDescription>${oaiDc([{ element: 'description', value: set.description, lang: 'fo' }])}</setDescription>`
          : '';
        yield `<set>${element('setSpec', set.display_id)}${element('setName', set.name)}${description}</set>`;
      }
      yield '</ListSets>';
    })();
  }

  async function getRecord(values: Record<string, string>): Promise<string> {
    const id = itemIdOf(values.identifier as string);
    checkPrefix(values.metadataPrefix);
    const row = await repo.getRecord(ctx.db, id);
    if (!row) throw new OaiError('idDoesNotExist', `No item has the identifier ${values.identifier}.`);
    return `<GetRecord>${recordXml(row, idPrefix, site(await siteTitle()))}</GetRecord>`;
  }

  /** The list a ListRecords/ListIdentifiers request stands for: new, or resumed from its token. */
  async function listState(verb: 'ListRecords' | 'ListIdentifiers', values: Record<string, string>) {
    if (values.resumptionToken !== undefined) {
      const state = tokens.decode(values.resumptionToken);
      if (!state || state.verb !== verb)
        throw new OaiError('badResumptionToken', 'The resumption token is not valid, or has expired.');
      return {
        state,
        categoryId: state.set ? (await repo.getPublicCategoryBySpec(ctx.db, state.set))?.id : undefined,
      };
    }
    checkPrefix(values.metadataPrefix);
    const from = values.from !== undefined ? parseDateArgument('from', values.from) : undefined;
    const until = values.until !== undefined ? parseDateArgument('until', values.until) : undefined;
    if (from && until && from.granularity !== until.granularity)
      throw new OaiError('badArgument', 'from and until must have the same granularity.');
    if (from && until && from.time > until.time)
      throw new OaiError('badArgument', 'from is later than until.');
    let categoryId: string | undefined;
    if (values.set !== undefined) {
      categoryId = (await repo.getPublicCategoryBySpec(ctx.db, values.set))?.id;
      if (!categoryId) throw new OaiError('noRecordsMatch', `There is no set ${values.set}.`);
    }
    const state: Omit<TokenState, 'after' | 'total' | 'expires'> & { after?: TokenState['after'] } = {
      verb,
      set: values.set ?? null,
      from: from?.iso ?? null,
      until: until?.iso ?? null,
      cursor: 0,
    };
    return { state, categoryId };
  }

  async function list(
    verb: ListVerb,
    values: Record<string, string>,
  ): Promise<Iterable<string | Uint8Array>> {
    const { state, categoryId } = await listState(verb, values);
    // A set gone private since the token was made: its records are gone from it.
    if (state.set && !categoryId) throw new OaiError('noRecordsMatch', 'No records match the request.');
    const filter = (after: TokenState['after'] | undefined): repo.RecordFilter => ({
      from: state.from ?? undefined,
      before: state.until ?? undefined,
      categoryId,
      after,
    });
    // The page, written (read with the next pages, or ahead while the last page was sent: pageOf).
    const page = await pageOf(verb, filter(state.after));
    const last = page.last;
    if (!last) throw new OaiError('noRecordsMatch', 'No records match the request.');
    const total: number =
      'total' in state ? (state as TokenState).total : await repo.countRecords(ctx.db, filter(undefined));
    const more = page.more;
    if (more)
      readAhead(verb, filter(last)).catch((error: unknown) =>
        ctx.logger.warn({ err: error }, 'OAI-PMH: reading the next pages ahead failed'),
      );
    const end = () => {
      if (!more) {
        // The end of the list: an empty token says so when the list was split.
        return state.cursor > 0
          ? `<resumptionToken completeListSize="${total}" cursor="${state.cursor}"/>`
          : '';
      }
      const sent = page.count;
      const expires = Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_S;
      const size = Math.max(total, state.cursor + sent + 1);
      const token = tokens.encode({
        verb,
        set: state.set,
        from: state.from,
        until: state.until,
        after: { datestamp: last.datestamp, id: last.id },
        cursor: state.cursor + sent,
        total: size,
        expires,
      });
      return `<resumptionToken expirationDate="${new Date(expires * 1000).toISOString().slice(0, 19)}Z" completeListSize="${size}" cursor="${state.cursor}">${xmlText(token)}</resumptionToken>`;
    };
    // The records as the socket takes them: no await between two.
    return (function* () {
      yield `<${verb}>`;
      yield* page.records;
      yield `${end()}</${verb}>`;
    })();
  }

  /**
   * The whole answer to one request, as UTF-8 pieces to send in order, written only as they are
   * taken: everything it needs from the database is read before the first piece.
   */
  async function respond(args: OaiArgs): Promise<Iterable<Buffer>> {
    const responseDate = `<responseDate>${new Date().toISOString().slice(0, 19)}Z</responseDate>`;
    let verb: Verb | undefined;
    let values: Record<string, string> = {};
    try {
      ({ verb, values } = checkArguments(args));
      const attributes = Object.entries({ verb, ...values })
        .map(([name, value]) => ` ${name}="${xmlText(value)}"`)
        .join('');
      const request = `<request${attributes}>${xmlText(baseUrl)}</request>`;
      let body: Iterable<string | Uint8Array> | string;
      if (verb === 'Identify') body = await identify();
      else if (verb === 'ListMetadataFormats') body = await listMetadataFormats(values.identifier);
      else if (verb === 'GetRecord') body = await getRecord(values);
      else if (verb === 'ListSets') body = await listSets(values.resumptionToken);
      else body = await list(verb, values);
      return inPieces(
        (function* () {
          yield `${OAI_PMH_OPEN}${responseDate}${request}`;
          if (typeof body === 'string') yield body;
          else yield* body;
          yield '</OAI-PMH>';
        })(),
      );
    } catch (error) {
      if (!(error instanceof OaiError)) throw error;
      // After badVerb or badArgument the request element carries no attributes (the protocol, 3.6).
      const echo =
        error.code === 'badVerb' || error.code === 'badArgument'
          ? ''
          : Object.entries({ verb, ...values })
              .filter(([, value]) => value !== undefined)
              .map(([name, value]) => ` ${name}="${xmlText(String(value))}"`)
              .join('');
      const text = `${OAI_PMH_OPEN}${responseDate}<request${echo}>${xmlText(baseUrl)}</request><error code="${error.code}">${xmlText(
        error.message,
      )}</error></OAI-PMH>`;
      return [Buffer.from(text)];
    }
  }

  /** Stops the harvest's thread (with the server). */
  const close = async () => thread?.close();

  return { respond, close };
}

/**
 * The answer's pieces encoded straight into buffers of PIECE_BYTES, each written to the socket
 * when full: a socket write per record (a hundred a page) costs more than the record's text, and
 * text joined first and encoded after is made twice. Bytes already written (a page from the
 * harvest's thread) go as they are.
 */
function* inPieces(pieces: Iterable<string | Uint8Array>): Generator<Buffer> {
  let buffer = Buffer.allocUnsafe(PIECE_BYTES);
  let used = 0;
  for (const piece of pieces) {
    if (typeof piece !== 'string') {
      if (used > 0) yield buffer.subarray(0, used);
      buffer = Buffer.allocUnsafe(PIECE_BYTES);
      used = 0;
      yield Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
      continue;
    }
    // UTF-8 takes at most three bytes for each UTF-16 unit.
    if (used + piece.length * 3 > PIECE_BYTES) {
      if (used > 0) yield buffer.subarray(0, used);
      buffer = Buffer.allocUnsafe(PIECE_BYTES);
      used = 0;
      if (piece.length * 3 > PIECE_BYTES) {
        yield Buffer.from(piece);
        continue;
      }
    }
    used += buffer.write(piece, used);
  }
  if (used > 0) yield buffer.subarray(0, used);
}
