import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { defineFeature } from '#server/http/feature.ts';
import { createOai, type OaiArgs } from './oai.service.ts';

/** A harvester's POST holds the same few arguments as a GET's query (a token is ~400 characters). */
const OAI_BODY_LIMIT = 8 * 1024;

/** Every argument with all its values: a repeated argument is an error the protocol names. */
function argumentsOf(text: string): OaiArgs {
  const args: OaiArgs = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const values = args[name] ?? [];
    values.push(value);
    args[name] = values;
  }
  return args;
}

/**
 * OAI-PMH at /oai (issue 26 §3): GET with a query, or POST with a form body, as the protocol
 * allows. Every answer is 200 text/xml, errors included (they are the protocol's own), sent as it
 * is written.
 */
export const oaiFeature = defineFeature({
  name: 'oai',
  prefix: '',
  public(routes, ctx) {
    const oai = createOai(ctx);
    routes.addHook('onClose', () => oai.close());
    const answer = async (reply: FastifyReply, args: OaiArgs) => {
      const pieces = await oai.respond(args);
      return reply
        .type('text/xml; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(Readable.from(pieces, { objectMode: false }));
    };
    routes.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: OAI_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    routes.get('/oai', { config: { permission: 'media:read' } }, async (request, reply) => {
      const url = request.raw.url ?? '';
      const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
      return answer(reply, argumentsOf(query));
    });
    routes.post('/oai', { config: { permission: 'media:read' } }, async (request, reply) =>
      answer(reply, argumentsOf(typeof request.body === 'string' ? request.body : '')),
    );
  },
});
