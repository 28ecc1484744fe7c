import { existsSync } from 'node:fs';
import { loadConfig } from './config';
import { buildApp } from './app';
import { ensureFirstAdmin } from './modules/users';

/**
 * A `.env` in the working directory (see .env.example) fills in what the environment leaves unset;
 * the environment wins. `ENV_FILE` names another file, or none when empty: the e2e server and the
 * benchmarks start with it empty, so a developer's own .env never leaks into them.
 */
function loadEnvFile() {
  const file = process.env.ENV_FILE ?? '.env';
  if (file && existsSync(file)) process.loadEnvFile(file);
}

async function main() {
  loadEnvFile();
  const config = loadConfig();
  const app = await buildApp(config);
  await ensureFirstAdmin(app);

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
