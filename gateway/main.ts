import { loadConfig } from './config';
import { DEMO_USERS } from './db/seed/fixed';
import { startGateway } from './start';

const t0 = performance.now();
const config = loadConfig(process.env);
const { app, migrated, seeded } = await startGateway(config);
await app.listen({ port: config.port, host: config.host });

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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
