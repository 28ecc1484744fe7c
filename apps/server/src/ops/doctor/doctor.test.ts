import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { startTestSimulators, type TestSimulators } from '../../test/simulators';
import { startSmtpServer } from '../../test/smtp';
import { runDoctor } from './index';

const SLOW = 120_000;

/** A port nothing listens on: taken, then let go. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function doctor(env: Record<string, string>) {
  const lines: string[] = [];
  const code = await runDoctor({
    env,
    outside: new Set(Object.keys(env)),
    print: (line) => lines.push(line),
    timeoutMs: 3000,
  });
  return { code, lines, output: lines.join('\n') };
}

describe('npm run doctor', () => {
  let portal: TestApp;
  let simulators: TestSimulators;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-doctor-'));
  let good: Record<string, string>;

  beforeAll(async () => {
    // What a good deployment has: its database, SMTP, LD, TS and BI answering, the portal at APP_URL.
    [portal, simulators, smtp] = await Promise.all([
      createTestApp(),
      startTestSimulators(),
      startSmtpServer(),
    ]);
    await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = portal.app.server.address() as AddressInfo;
    good = {
      APP_ENV: 'test',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(folder, 'data'),
      ...(process.env.TEST_DATABASE_URL && { DATABASE_URL: portal.config.databaseUrl! }),
      ...(portal.config.databaseDirectUrl && { DATABASE_DIRECT_URL: portal.config.databaseDirectUrl }),
      SMTP_URL: smtp.url,
      ...simulators.env,
      BI_SERVICE_PASSWORD: simulators.env.BI_SERVICE_PASSWORD,
      METRICS_TOKEN: 'metrics-token-0123456789',
    };
  }, SLOW);

  afterAll(async () => {
    await Promise.all([portal?.close(), simulators?.close(), smtp?.close()]);
    rmSync(folder, { recursive: true, force: true });
  });

  it(
    'passes a good configuration: every setting with its source, secrets masked, one ✓ line per check',
    async () => {
      const { code, lines, output } = await doctor(good);
      expect(output).not.toContain('✗');
      expect(code).toBe(0);
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^ {2}SMTP_URL +smtp:\/\/127\.0\.0\.1:\d+ {2}\(environment\)$/),
          expect.stringMatching(/^ {2}METRICS_TOKEN +•••••• \(24 characters\) {2}\(environment\)$/),
          expect.stringMatching(/^ {2}ADMIN_PASSWORD +\(default\)$/),
          '✓ Configuration: valid (test)',
          expect.stringMatching(
            /^✓ Database: (PostgreSQL \d|PGlite: no database in .* yet, the first start creates it)/,
          ),
          expect.stringMatching(/^✓ Migrations: /),
          expect.stringMatching(
            /^✓ Connection pooler: (none \(PGlite\)|none in transaction mode \(found\)|DATABASE_URL is a transaction pooler \(DATABASE_POOLER=transaction\); DATABASE_DIRECT_URL reaches PostgreSQL)/,
          ),
          expect.stringMatching(/^✓ SMTP: smtp:\/\/127\.0\.0\.1:\d+ accepts the portal$/),
          expect.stringMatching(/^✓ Live Dispatch: http:\/\/127\.0\.0\.1:\d+ answers \(HTTP \d+\)$/),
          expect.stringMatching(/^✓ Tattle Systems: http:\/\/127\.0\.0\.1:\d+ answers/),
          expect.stringMatching(/^✓ BI server: .* answers and the service account .* logs on$/),
          expect.stringMatching(
            /^✓ SMS gateway: http:\/\/127\.0\.0\.1:\d+ answers and takes the account AC\w+; texts come from \+15005550006$/,
          ),
          expect.stringMatching(/^ {2}SMS_TOKEN +•••••• \(17 characters\) {2}\(environment\)$/),
          expect.stringMatching(/^✓ APP_URL: .*\/healthz answers with this release/),
          expect.stringMatching(/^✓ HOST: /),
          expect.stringMatching(/^✓ TRUST_PROXY: off/),
          expect.stringMatching(/^✓ DATA_DIR: /),
          'All checks passed.',
        ]),
      );
      expect(output).not.toContain(simulators.env.BI_SERVICE_PASSWORD);
      expect(output).not.toContain('metrics-token-0123456789');
    },
    SLOW,
  );

  it(
    'fails a broken one, with one ✗ line and the fix to try for each problem, and exit status 1',
    async () => {
      const down = await closedPort();
      const { code, lines } = await doctor({
        ...good,
        APP_URL: `https://127.0.0.1:${down}`,
        DATABASE_URL: `postgres://portal:secret-db-pass@127.0.0.1:${down}/portal`,
        SMTP_URL: `smtp://mailer:secret-mail-pass@127.0.0.1:${down}`,
        LD_URL: `http://127.0.0.1:${down}`,
        BI_SERVICE_PASSWORD: 'not-the-password',
        SMS_TOKEN: 'not-the-sms-token',
      });
      expect(code).toBe(1);
      const failed = lines.filter((line) => line.startsWith('✗'));
      expect(failed).toEqual([
        expect.stringMatching(
          /^✗ Database: PostgreSQL at 127\.0\.0\.1:\d+\/portal cannot be reached: .*ECONNREFUSED.* — try: check DATABASE_URL/,
        ),
        expect.stringMatching(
          /^✗ SMTP: smtp:\/\/mailer:••••••@127\.0\.0\.1:\d+: .*ECONNREFUSED.* — try: check SMTP_URL/,
        ),
        expect.stringMatching(/^✗ Live Dispatch: .* does not answer: no connection .* — try: check LD_URL/),
        expect.stringMatching(
          /^✗ BI server: .*: the service account log-on was refused — try: check BI_SERVICE_ACCOUNT/,
        ),
        expect.stringMatching(
          /^✗ SMS gateway: http:\/\/127\.0\.0\.1:\d+ refused the account AC\w+ — try: check SMS_ACCOUNT .* and SMS_TOKEN/,
        ),
        expect.stringMatching(/^✗ APP_URL: https:\/\/127\.0\.0\.1:\d+\/healthz does not answer: .* — try: /),
        expect.stringMatching(/^✗ TRUST_PROXY: off, but APP_URL is https.* — try: set TRUST_PROXY=1/),
      ]);
      expect(lines).toContain('7 problems found.');
      expect(lines.join('\n')).not.toMatch(/secret-(db|mail)-pass|not-the-password|not-the-sms-token/);
    },
    SLOW,
  );

  it(
    'fails a DATA_DIR that cannot be written',
    async () => {
      const file = path.join(folder, 'a-file');
      writeFileSync(file, '');
      const { code, lines } = await doctor({ ...good, DATABASE_URL: '', DATA_DIR: path.join(file, 'data') });
      expect(code).toBe(1);
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^✗ DATA_DIR: .*a-file\/data is not writable: .* — try: give the portal's user the folder/,
        ),
      );
    },
    SLOW,
  );

  it('stops at an invalid configuration, naming each bad variable', async () => {
    const { code, lines } = await doctor({ ...good, APP_KEY: 'short', TRUST_PROXY: 'true' });
    expect(code).toBe(1);
    expect(lines.filter((line) => line.startsWith('✗'))).toEqual([
      expect.stringMatching(/^✗ Configuration: APP_KEY: APP_KEY must be 64 hex characters/),
      expect.stringMatching(/^✗ Configuration: TRUST_PROXY: TRUST_PROXY must be a hop count/),
    ]);
    expect(lines.at(-1)).toBe('The other checks need a valid configuration.');
  });
});
