import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { ProjectSpec } from './bi/catalog';
import { BI_ITEM_TYPES } from '../integrations/bi/view-modes';

/**
 * Accounts of the LD and TS simulators: the demo accounts of docs/integrations.md (listed in README)
 * plus those of the JSON file named by SIMULATOR_FIXTURES, so tests can add their own.
 */

const text = z.string().trim().min(1).max(255);
const dispatchAccountSchema = z.object({
  id: text.optional(),
  username: text,
  password: z.string().min(1).max(255),
  name: text,
  email: z.email().nullish(),
  client_name: text.nullish(),
  branch_name: text.nullish(),
  /** Not in docs/integrations.md's list: an account with a code answers 202 until the code is sent. */
  code: z.string().min(1).max(32).optional(),
});
const telemetryAccountSchema = z.object({
  id: text.optional(),
  email: z.email(),
  password: z.string().min(1).max(255),
  name: text,
  username: text.nullish(),
});
const biItemSchema = z.object({
  name: text,
  type: z.enum(BI_ITEM_TYPES),
  managedByTs: z.boolean().optional(),
  viewOnly: z.boolean().optional(),
  ageDays: z.number().int().min(0).max(3650).optional(),
});
const biProjectSchema = z.object({
  name: text,
  folders: z.array(z.object({ name: text, items: z.array(biItemSchema) })).default([]),
  rootItems: z.array(biItemSchema).default([]),
});

const fixturesSchema = z.object({
  ld: z.object({ accounts: z.array(dispatchAccountSchema).default([]) }).optional(),
  ts: z.object({ accounts: z.array(telemetryAccountSchema).default([]) }).optional(),
  bi: z
    .object({
      accounts: z.array(z.object({ name: text, password: z.string().min(1).max(255) })).default([]),
      projects: z.array(biProjectSchema).default([]),
    })
    .optional(),
});

export type DispatchAccount = Required<Pick<z.infer<typeof dispatchAccountSchema>, 'id'>> &
  Omit<z.infer<typeof dispatchAccountSchema>, 'id'>;
export type TelemetryAccount = Required<Pick<z.infer<typeof telemetryAccountSchema>, 'id'>> &
  Omit<z.infer<typeof telemetryAccountSchema>, 'id'>;

/** docs/integrations.md "Demo data of the simulators". */
export const DEMO_DISPATCH_ACCOUNT: DispatchAccount = {
  id: 'ld-1001',
  username: 'ld.demo',
  password: 'Dispatch#2024',
  name: 'Dana Dispatcher',
  email: 'ld.demo@example.com',
  client_name: 'Acme Logistics',
  branch_name: 'Cape Town',
};
export const DEMO_TELEMETRY_ACCOUNT: TelemetryAccount = {
  id: 'ts-2001',
  email: 'ts.demo@example.com',
  password: 'Telemetry#2024',
  name: 'Theo Telemetry',
  username: 'ts.demo',
};

/** The BI simulator's service account: the portal logs on with it (config.ts defaults to it). */
export const DEMO_BI_SERVICE_ACCOUNT = { name: 'portal-service', password: 'BiService#2024' } as const;

/**
 * The SMS simulator's account when SMS_ACCOUNT, SMS_TOKEN and SMS_FROM are unset: a Twilio-style
 * account id and Twilio's own test sender number (docs/integrations.md "SMS gateway").
 */
export const DEMO_SMS_ACCOUNT = {
  account: 'AC00000000000000000000000000demo',
  token: 'SmsSimulator#2024',
  from: '+15005550006',
} as const;

/** A stable id for a fixture account without one: links stored by the portal survive a restart. */
const derivedId = (prefix: string, key: string) =>
  `${prefix}-${createHash('sha256').update(key.toLowerCase()).digest('hex').slice(0, 12)}`;

export type SimulatorFixtures = {
  ld: DispatchAccount[];
  ts: TelemetryAccount[];
  bi: { accounts: Array<{ name: string; password: string }>; projects: ProjectSpec[] };
};

/**
 * The demo accounts (unless `demo: false`: production, where their passwords are public), plus the
 * file's (a bad file stops the server with a message naming it).
 */
export function loadSimulatorFixtures(
  file: string | undefined,
  { demo = true }: { demo?: boolean } = {},
): SimulatorFixtures {
  const fixtures: SimulatorFixtures = {
    ld: demo ? [DEMO_DISPATCH_ACCOUNT] : [],
    ts: demo ? [DEMO_TELEMETRY_ACCOUNT] : [],
    bi: { accounts: [], projects: [] },
  };
  if (!file) return fixtures;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`SIMULATOR_FIXTURES: cannot read ${file} as JSON (${(error as Error).message})`, {
      cause: error,
    });
  }
  const parsed = fixturesSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`SIMULATOR_FIXTURES: ${file}: ${issue.path.join('.')}: ${issue.message}`);
  }
  for (const account of parsed.data.ld?.accounts ?? [])
    fixtures.ld.push({ ...account, id: account.id ?? derivedId('ld', account.username) });
  for (const account of parsed.data.ts?.accounts ?? [])
    fixtures.ts.push({ ...account, id: account.id ?? derivedId('ts', account.email) });
  if (parsed.data.bi) fixtures.bi = parsed.data.bi;
  return fixtures;
}
