import {
  PRODUCT_NAME,
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
  USER_ADMIN_MESSAGES,
  VENDOR_CONTACT_EMAIL,
} from '@portal/contract';

/** A mail as every transport takes it: always both parts (docs/architecture.md "mail"). */
export type Mail = { to: string; subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * One layout for every mail. Paragraphs are plain text; `action` is a link (the only secret a
 * mail may carry besides a code). Nothing else about the account goes in a mail.
 */
function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): Mail {
  const footer = `${PRODUCT_NAME} - questions? ${VENDOR_CONTACT_EMAIL}`;
  const text = [
    `${PRODUCT_NAME}`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footer,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;color:#222">',
    `<h2>${escapeHtml(PRODUCT_NAME)}</h2>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : '',
    `<p style="color:#777;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return { to, subject: `${PRODUCT_NAME}: ${subject}`, text, html };
}

export const securityCodeMail = (to: string, code: string): Mail =>
  compose(to, TWO_FACTOR_MESSAGES.mailSubject, [
    `Your security code is ${code}`,
    `It expires in ${TWO_FACTOR.codeTtlMs / 60_000} minutes and works once. If you did not try to sign in, change your password.`,
  ]);

export const passwordResetMail = (to: string, url: string, ttlMinutes: number): Mail =>
  compose(
    to,
    'Reset your password',
    [
      'Someone (hopefully you) asked to reset the password of your account.',
      `The link below works once and expires in ${ttlMinutes} minutes. If you did not ask for it, ignore this mail.`,
    ],
    { label: 'Reset Password', url },
  );

export const passwordChangedMail = (to: string): Mail =>
  compose(to, 'Your password was changed', [
    'The password of your account was just changed and every session was signed out.',
    `If this was not you, contact us at ${VENDOR_CONTACT_EMAIL} at once.`,
  ]);

/**
 * To the owner: an administrator set the account's password (the password itself is never in a
 * mail). A thief with an admin token who sets it cannot do so unseen.
 */
export const passwordSetByAdminMail = (to: string): Mail =>
  compose(to, USER_ADMIN_MESSAGES.passwordSetByAdmin, [
    'An administrator just set a new password for your account and every session was signed out. Ask your administrator for it, or choose your own with "Forgot password" on the sign-in page.',
    `If you did not expect this, contact us at ${VENDOR_CONTACT_EMAIL} at once.`,
  ]);

/** To the old address: the account's email was changed (the new address is not named). */
export const emailChangedMail = (to: string): Mail =>
  compose(to, 'Your email address was changed', [
    'The email address of your account was just changed; mail about it now goes to the new address.',
    `If this was not you, contact us at ${VENDOR_CONTACT_EMAIL} at once.`,
  ]);
