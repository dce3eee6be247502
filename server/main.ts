import { buildApp } from './app.ts';
import { scheduleFixityCheck } from './backup/fixity-job.ts';
import { scheduleHashBackfill } from './media/perceptual/hash-backfill-job.ts';
import { ConfigError, configWarnings, loadConfig } from './config.ts';
import { LockedError } from './db/lock.ts';
import { closeFaceEngine, scheduleFaceBackfill } from './features/faces/faces.public.ts';
import { releaseStaleUploadClaims } from './features/uploads/uploads.service.ts';
import { ensureAdmin } from './features/users/create-account.public.ts';
import { hasAdmin } from './features/users/users.public.ts';
import { DatabaseUpkeep, UPKEEP_INTERVAL_MS } from './db/upkeep.ts';
import { visitorsFirstFor } from './jobs/visitors-first.ts';
import { openServices, sweepScratch } from './runtime.ts';

const started = performance.now();

/** Start-up and background work log as JSON lines, like the request log. */
const line = (level: number) => (obj: object, msg: string) =>
  console.log(JSON.stringify({ level, time: Date.now(), msg, ...obj }));
const consoleLogger = { info: line(30), warn: line(40), error: line(50) };

async function main() {
  const config = loadConfig();
  const { context, database, jobs, instanceEvents } = await openServices(config, consoleLogger, {
    instanceEvents: true,
  });
  // What a killed process was receiving or making (never reached the file store).
  const scratch = await sweepScratch(context.tmpDir, { everything: database.engine === 'pglite' });
  if (scratch > 0) consoleLogger.info({ removed: scratch }, 'scratch files of a stopped process removed');
  // Uploads a killed process had claimed but not recorded may be sent again.
  const claims = await releaseStaleUploadClaims(context, { atStart: database.engine === 'pglite' });
  if (claims > 0) consoleLogger.info({ released: claims }, 'upload claims of a stopped process given back');
  const app = await buildApp({ context, logger: { level: config.logLevel } });
  for (const warning of configWarnings(config)) app.log.warn(warning);

  if (config.admin) {
    const result = await ensureAdmin(context.db, context.auth, config.admin);
    if (result === 'created') app.log.info(`Created the first admin ${config.admin.email}.`);
    if (result === 'email-taken') {
      app.log.warn(
        `ADMIN_EMAIL ${config.admin.email} belongs to an existing non-admin account; it was not promoted. Run: npm run admin:create -- --email ${config.admin.email} --password <password> --promote`,
      );
    }
  }
  if (!(await hasAdmin(context.db))) {
    app.log.warn(
      'There is no admin yet. Create one with: npm run admin:create -- --email you@example.org --password <at least 6 characters> (with the server stopped when using the embedded database), or start with ADMIN_EMAIL and ADMIN_PASSWORD set.',
    );
  }

  // Background work (an upload's derivatives, mail, the database's upkeep) waits while visitors
  // keep the server busy, a few seconds at most (server/jobs/visitors-first.ts).
  const visitorsFirst = visitorsFirstFor(database);
  // What autovacuum does, where it does not run (the embedded database): server/db/upkeep.ts.
  const upkeep = new DatabaseUpkeep(database, app.log, { intervalMs: UPKEEP_INTERVAL_MS, visitorsFirst });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await jobs.stop();
    await upkeep.stop();
    visitorsFirst.stop();
    await closeFaceEngine();
    await instanceEvents?.close();
    await context.uploads.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // A crowd arriving at once opens more connections than Node's default accept queue (511) holds;
  // past it the kernel drops them and each browser retries after 1, 3, 7 s (the load bench counted
  // ~2,000 such drops a minute). The kernel caps this at net.core.somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  jobs.start(database, { visitorsFirst });
  await upkeep.start();
  // Counted views reach the items' counts every few seconds (server/features/media/view-counts.ts).
  context.views.start();
  // The weekly fixity check (server/backup/fixity-job.ts) keeps itself going once queued.
  await scheduleFixityCheck(context.db).catch((error: unknown) =>
    app.log.error({ err: error }, 'could not schedule the fixity check'),
  );
  // Items older than the near-duplicate hash get it in the background (server/media/perceptual).
  await scheduleHashBackfill(context.db).catch((error: unknown) =>
    app.log.error({ err: error }, 'could not schedule the near-duplicate hash backfill'),
  );
  // When face suggestions are on, images not looked at yet (older ones, or all after a restore).
  await scheduleFaceBackfill(context.db).catch((error: unknown) =>
    app.log.error({ err: error }, 'could not schedule the face backfill'),
  );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    {
      engine: database.engine,
      files: context.blobs.kind,
      startupMs: Math.round(performance.now() - started),
      rssMb: Math.round(process.memoryUsage().rss / 1_048_576),
    },
    `The archive is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
  );
}

main().catch((error: unknown) => {
  // Bad configuration and a busy data directory are the operator's to fix: one clear line.
  if (error instanceof ConfigError || error instanceof LockedError) {
    console.error(`Error: ${error.message}`);
  } else if (error instanceof Error && error.message.startsWith('Cannot reach the database')) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error('Error: the archive could not start:', error);
  }
  process.exit(1);
});
