/**
 * The load bench's baseline (bench/load.ts): a bare Fastify server in its own process answering
 * every request of the visitors' and uploaders' mix with the very bytes the archive gave for that
 * kind of request (captured in the same run: a gallery page, a search answer, a thumbnail, the
 * home page's HTML…), from memory, with no database and no work. Upload bytes are read to the end,
 * as tus reads them. `node --import tsx bench/load-bare.ts <samples.json>`; prints `port <n>`.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { replayKey } from './load-mix.ts';

export interface Sample {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const samples = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, Sample>;
const bodies = new Map(Object.entries(samples).map(([key, s]) => [key, Buffer.from(s.body, 'base64')]));

const app = Fastify();
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 }, (_req, body, done) =>
  done(null, body),
);
app.route({
  method: ['GET', 'POST', 'PATCH', 'HEAD'],
  url: '/*',
  handler: (request, reply) => {
    const key = replayKey(request.method, request.url);
    const sample = samples[key];
    if (!sample) return reply.status(404).send({ missing: key });
    reply.status(sample.status).headers(sample.headers);
    if (key === 'upload-bytes') {
      reply.header('upload-offset', String((request.body as Buffer | undefined)?.length ?? 0));
    }
    return reply.send(bodies.get(key));
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`port ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
