import { loadConfig } from './config';
import { loadedClaims } from './services/predictions-engine';
import { startGateway } from './start';

const t0 = performance.now();
const config = loadConfig(process.env);
const { app, db, migrated, seeded } = await startGateway(config);
await app.listen({ port: config.port, host: config.host });
// The prediction engine learns from every claim (a minute over the large demo set): built now,
// in its own thread, so the first prediction does not wait for all of it. A failure is retried
// by the next prediction.
loadedClaims(db.kysely).catch((err: unknown) =>
  app.log.warn({ err }, 'the prediction engine could not be built yet'),
);

const secs = ((performance.now() - t0) / 1000).toFixed(1);
const lines = [
  `${config.productName} gateway ready in ${secs} s: ${config.publicUrl}`,
  `  database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}/pg`}` +
    (migrated.length ? `, migrations applied: ${migrated.join(', ')}` : '') +
    (seeded ? `, demo data seeded (${seeded.accounts} accounts)` : ''),
  config.oidcAuthority
    ? `  sign-in: ${config.oidcAuthority} (client ${config.oidcClientId})`
    : `  sign-in: embedded provider ${config.publicUrl}/oidc`,
];
if (!config.oidcAuthority && config.demoData !== 'none') {
  const { DEMO_USERS } = await import('./seed/seed');
  lines.push(`  demo accounts (password "${config.demoPassword}"):`);
  for (const u of DEMO_USERS) {
    const expires = new Date(Date.now() + u.passwordExpiresInDays * 86_400_000)
      .toISOString()
      .slice(0, 10);
    lines.push(
      `    ${u.username.padEnd(30)} password expires ${expires} (in ${u.passwordExpiresInDays} days)`,
    );
  }
}
console.log(lines.join('\n'));

/**
 * SIGTERM (a deploy, a container stop) or SIGINT: stop accepting connections, let the requests
 * in flight finish, then close the database pool. Fastify's close() does it in that order: its
 * server closes (waiting for the requests) before the onClose hooks, where start.ts closes the
 * pool. `npm run serve` runs node itself, not the tsx CLI, whose signal relay kills the
 * gateway when it does not answer within 30 ms, dropping what was in flight.
 */
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
