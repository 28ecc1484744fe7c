import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { startSmtpServer, type SmtpTestServer } from './smtp';

type Env = Record<string, string>;
type Options = NonNullable<Parameters<typeof createTestApp>[1]>;

/**
 * Something a `describe` block's tests share: started before its first test, stopped after its last.
 * The getter it returns throws when read while the block is still being collected (a mistake).
 */
function forTheBlock<T>(name: string, start: () => Promise<T>, stop: (value: T) => Promise<void>): () => T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await start();
  });
  afterAll(async () => {
    if (current !== undefined) await stop(current);
    current = undefined;
  });
  return () => {
    if (current === undefined) throw new Error(`${name} exists inside tests and hooks only`);
    return current;
  };
}

/**
 * The app a `describe` block's tests run against, made before its first test and closed after its
 * last (outline's `getTestServer()` is the model): one line instead of a `let`, a `beforeAll` and an
 * `afterAll` in every file. `env` and `options` may be functions, read when the app is made, for
 * what an earlier hook starts (`useSmtpServer()`'s URL).
 */
export function useTestApp(env: Env | (() => Env) = {}, options: Options | (() => Options) = {}): TestApp {
  const made = forTheBlock(
    'useTestApp: the app',
    () =>
      createTestApp(
        typeof env === 'function' ? env() : env,
        typeof options === 'function' ? options() : options,
      ),
    (t) => t.close(),
  );
  return {
    get app() {
      return made().app;
    },
    get config() {
      return made().config;
    },
    get database() {
      return made().database;
    },
    get simulators() {
      return made().simulators;
    },
    close: () => made().close(),
  };
}

/**
 * A real SMTP server (test/smtp.ts) for a `describe` block, started before the app that sends to it
 * (`useTestApp(() => ({ SMTP_URL: smtp.url }))`) and stopped after it.
 */
export function useSmtpServer(): SmtpTestServer {
  const started = forTheBlock(
    'useSmtpServer: the server',
    () => startSmtpServer(),
    (smtp) => smtp.close(),
  );
  return {
    get url() {
      return started().url;
    },
    get mails() {
      return started().mails;
    },
    unread: (to) => started().unread(to),
    next: (to, timeoutMs) => started().next(to, timeoutMs),
    close: () => started().close(),
  };
}
