import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { addressKey } from './rate-limit.ts';

export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
export const DEFAULT_CONNECTIONS_PER_CLIENT = 64;

/** The bounds of config, defaults filled in. */
export function connectionBounds(
  config: Pick<Config, 'requestTimeoutMs' | 'idleTimeoutMs' | 'connectionsPerClient'>,
) {
  return {
    requestTimeoutMs: config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    idleTimeoutMs: config.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    connectionsPerClient: config.connectionsPerClient ?? DEFAULT_CONNECTIONS_PER_CLIENT,
  };
}

/**
 * Bodies that are files: tus bytes and multipart forms. A 500 MB video on a slow line takes longer
 * than any fixed time, so these are bound by the idle timeout (no byte for that long ends the
 * connection) instead of the request's.
 */
const FILE_BODY = /^\s*(application\/offset\+octet-stream|multipart\/form-data)\b/i;

/**
 * What holds a connection open, bounded (DESIGN.md §4 item 8): a slow sender once kept one 431 s by
 * sending a byte every 20 s, and 300 such sockets stayed open.
 *
 * - A connection on which no byte arrives for `idleTimeoutMs` while a request is awaited or its
 *   body arrives, or none leaves while an answer is sent, is closed: uploads included.
 * - Every request but a file's must have arrived, body and all, within `requestTimeoutMs` (Node's
 *   own `requestTimeout` cannot leave file bodies out): else 408 REQUEST_TIMEOUT, and the
 *   connection is closed. Headers alone have the same time (Node's `headersTimeout`).
 * - A client address (request.ip, so X-Forwarded-For as TRUST_PROXY allows; IPv6 by its /64) has
 *   at most `connectionsPerClient` requests in progress at once: more are answered 429
 *   TOO_MANY_CONNECTIONS and their connection closed. Requests are counted, not sockets: behind a
 *   proxy every socket is the proxy's, and a browser's idle keep-alive sockets hold nothing (a
 *   school behind one address would otherwise run out).
 */
export function installConnectionBounds(
  app: FastifyInstance,
  config: Parameters<typeof connectionBounds>[0],
) {
  const { requestTimeoutMs, idleTimeoutMs, connectionsPerClient } = connectionBounds(config);
  app.server.headersTimeout = requestTimeoutMs;
  const open = new Map<string, number>();
  const answering = new WeakMap<Socket, { request: FastifyRequest; reply: FastifyReply }>();

  // The socket's idle timeout. Node's own would also end a connection whose request has all
  // arrived while the server is still working on the answer (a large item being stored): the
  // client is not idle then, we are.
  app.server.setTimeout(idleTimeoutMs);
  app.server.on('timeout', (socket: Socket) => {
    const current = answering.get(socket);
    if (current?.request.raw.complete && !current.reply.raw.headersSent) return;
    socket.destroy();
  });

  app.addHook('onRequest', async (request, reply) => {
    // The app's own requests to itself (app.inject: the answers a page embeds) are part of the
    // visitor's request already counted.
    if (!(request.raw.socket instanceof Socket)) return;
    const socket = request.raw.socket;
    answering.set(socket, { request, reply });
    const key = addressKey(request.ip);
    const count = (open.get(key) ?? 0) + 1;
    open.set(key, count);
    reply.raw.once('close', () => {
      if (answering.get(socket)?.request === request) answering.delete(socket);
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
    if (count > connectionsPerClient) {
      reply.header('connection', 'close');
      return reply.status(429).send({
        code: 'TOO_MANY_CONNECTIONS',
        message: 'Too many requests from your address at once; please wait a moment and try again.',
      });
    }
    if (!request.raw.complete && !isFileBody(request)) arriveWithin(request, reply, requestTimeoutMs);
  });
}

const isFileBody = (request: FastifyRequest) => FILE_BODY.test(request.headers['content-type'] ?? '');

/** Answers 408 and closes the connection when the request's body has not all arrived in `ms`. */
function arriveWithin(request: FastifyRequest, reply: FastifyReply, ms: number) {
  const timer = setTimeout(() => {
    if (request.raw.complete || reply.sent) return;
    request.log.info({ ip: request.ip, url: request.url }, 'request body too slow: closed');
    reply.header('connection', 'close');
    reply.status(408).send({
      code: 'REQUEST_TIMEOUT',
      message: 'The request took too long to arrive; please try again.',
    });
  }, ms);
  timer.unref();
  reply.raw.once('close', () => clearTimeout(timer));
}
