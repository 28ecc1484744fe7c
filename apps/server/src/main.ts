import { loadConfig } from './config';
import { buildApp } from './app';
import { loadEnvFile } from './lib/env-file';
import { ensureFirstAdmin } from './modules/users';
import { serveBackups } from './ops/backup-socket';

async function main() {
  loadEnvFile();
  const config = loadConfig();
  const app = await buildApp(config);
  await ensureFirstAdmin(app);

  // PGlite lives inside this process: `npm run backup` asks it for a consistent copy over a socket
  // in DATA_DIR (decision 0026). PostgreSQL is backed up with pg_dump instead.
  const backups = await serveBackups(app.database, config.dataDir, app.log);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    app.drain();
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    try {
      await backups?.close();
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
