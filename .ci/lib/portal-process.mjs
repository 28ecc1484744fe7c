// A built portal (`node apps/server/dist/main.js` of some checkout) as a child process: started
// with its own settings only (no .env), stopped with SIGTERM as an orchestrator does.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitReady } from './portal-api.mjs';

export const TEST_ADMIN = { email: 'admin@example.com', password: 'upgrade-admin-pass' };

export async function startPortal(checkout, { port, env = {} }) {
  const child = spawn(process.execPath, [path.join(checkout, 'apps/server/dist/main.js')], {
    cwd: checkout,
    env: {
      PATH: process.env.PATH,
      ENV_FILE: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([
      waitReady(base, { timeoutMs: 180_000 }),
      exited.then((code) => {
        throw new Error(`the portal of ${checkout} exited (${code}) before it was ready`);
      }),
    ]);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${err.message}\n${output.slice(-3000)}`, { cause: err });
  }
  return {
    base,
    output: () => output,
    /** SIGTERM, as `docker stop` or a rolling deploy sends; answers the exit code. */
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
  };
}
