import * as z from 'zod/mini';
import { text } from './rules';

/** The two sister products a portal user can link (docs/product.md §1): Live Dispatch and Tattle Systems. */
export const LINKED_APPS = ['ld', 'ts'] as const;
export type LinkedApp = (typeof LINKED_APPS)[number];
export const linkedAppSchema = z.enum(LINKED_APPS);
/** Path parameter `{app}` of auth/unlink/{app}: any text, so an unknown app is a 404 (MESSAGES.unknownApp). */
export const linkedAppParamsSchema = z.object({ app: text().check(z.maxLength(50)) });
export const isLinkedApp = (value: string): value is LinkedApp =>
  (LINKED_APPS as readonly string[]).includes(value);

export const LINKED_APP_NAMES: Record<LinkedApp, string> = { ld: 'Live Dispatch', ts: 'Tattle Systems' };

export const LINKED_APP_MESSAGES = {
  unlinkConfirm: (app: string) => `Are you sure you want to unlink ${app}?`,
  noLinkedApps: "You don't have any linked app(s) yet.",
  linked: (app: string) => `${app} linked.`,
  unlinked: (app: string) => `${app} unlinked.`,
  /** 422: an external account belongs to one portal user only. */
  alreadyLinked: (app: string) => `This ${app} account is already linked to another portal user.`,
  /** 502: the external system is down, slow, or answered something we cannot read. */
  unavailable: (app: string) => `${app} is not available right now. Please try again later.`,
  /** 502 at sign-in: the portal refused the credentials and an external system could not be asked. */
  signInUnavailable: (apps: string) =>
    `We could not check your ${apps} account right now. If you use that account to sign in, please try again later.`,
  /** 422: the external system refused the credentials and gave no message of its own. */
  rejected: (app: string) => `These ${app} credentials do not match their records.`,
  /** 409 of auth/tattle-user: the TS session ended; the link is cleared. */
  tattleSessionGone: 'Your Tattle Systems session has expired. Please link Tattle Systems again.',
  notLinked: (app: string) => `${app} is not linked to your account.`,
  /** 409 at an external sign-in that would create a portal user whose email is taken. */
  emailTaken: (app: string) =>
    `A portal account already uses the email of this ${app} account. Sign in to the portal and link ${app} from the Applications screen.`,
  /** 422 at an external sign-in that would create a portal user without an email. */
  noEmail: (app: string) =>
    `This ${app} account has no email address, so no portal account can be made for it.`,
} as const;

/** GET auth/tattle-user: the TS user behind the caller's stored TS session. */
export const tattleUserSchema = z.object({
  user_id: z.string(),
  username: z.nullable(z.string()),
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
});
export type TattleUser = z.infer<typeof tattleUserSchema>;

/** GET linked-apps: where each app opens (configurable; the simulators' pages by default). */
export const linkedAppEntrySchema = z.object({ app: linkedAppSchema, name: z.string(), url: z.string() });
export const linkedAppListSchema = z.array(linkedAppEntrySchema);
export type LinkedAppEntry = z.infer<typeof linkedAppEntrySchema>;
