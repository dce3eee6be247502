import type { AppContext } from './context.ts';
import type { FastifyZod } from './fastify.ts';

type Routes = (routes: FastifyZod, ctx: AppContext) => void | Promise<void>;

/**
 * A feature's HTTP face: one plugin for its public routes, served under /api/<name>, and one for
 * its staff routes, served under /api/admin/<name> (the back-office convention: every staff read
 * and write lives under /api/admin). The URL names the one feature that answers it, and a route
 * declares only the rest of its path.
 */
export interface Feature {
  name: string;
  /** Where the public routes live when not under /api/<name> (stored files: /files). */
  prefix?: string;
  public?: Routes;
  admin?: Routes;
}

export const defineFeature = (feature: Feature): Feature => feature;

export async function registerFeature(app: FastifyZod, ctx: AppContext, feature: Feature) {
  const publicRoutes = feature.public;
  if (publicRoutes) {
    await app.register(async (routes) => publicRoutes(routes as FastifyZod, ctx), {
      prefix: feature.prefix ?? `/api/${feature.name}`,
    });
  }
  const adminRoutes = feature.admin;
  if (adminRoutes) {
    await app.register(
      async (routes) => {
        // Staff answers are per person and change under their hands: never cached anywhere.
        routes.addHook('onSend', async (_request, reply) => {
          reply.header('cache-control', 'no-store');
        });
        await adminRoutes(routes as FastifyZod, ctx);
      },
      { prefix: `/api/admin/${feature.name}` },
    );
  }
}
