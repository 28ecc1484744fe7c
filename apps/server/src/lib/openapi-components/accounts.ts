import {
  MESSAGES,
  USER_ADMIN_MESSAGES,
  activeSessionSchema,
  errorBodySchema,
  fileSchema,
  linkedAppEntrySchema,
  loginRequestSchema,
  messageBodySchema,
  metaItemSchema,
  passwordResetSchema,
  refreshRequestSchema,
  roleSchema,
  sessionSchema,
  signUpSchema,
  systemSettingSchema,
  tattleUserSchema,
  twoFactorChallengeSchema,
  twoFactorVerifySchema,
  userSchema,
} from '@portal/contract';
import { type Component, at, role, file, user } from './examples';

/** Accounts: errors, users, sign-in, sessions, sign-up, settings, linked apps. */
export const accountComponents: Component[] = [
  [
    errorBodySchema,
    'Error',
    {
      message: USER_ADMIN_MESSAGES.emailTaken,
      errors: { email: [USER_ADMIN_MESSAGES.emailTaken] },
    },
  ],
  [messageBodySchema, 'Message', { message: USER_ADMIN_MESSAGES.userRestored }],
  [roleSchema, 'Role', role],
  [metaItemSchema, 'MetaItem', { key: 'company_name', value: 'Acme Logistics' }],
  [fileSchema, 'File', file],
  [userSchema, 'User', user],
  [
    loginRequestSchema,
    'LoginRequest',
    { username: 'dana@acme-logistics.example', password: 'correct horse 9', authKey: '' },
  ],
  [
    sessionSchema,
    'Session',
    {
      user,
      access_token: 'a7Vq2mXk9pLr4sTu8wYz1bCd3eFg5hJk7nMp0qRs2tU',
      refresh_token: 'r3Fh6jKl9nPq2sTv5xZa8cDe1gHi4kLm7oQr0tUw3yB',
      token_type: 'Bearer',
      expires_in: 3600,
    },
  ],
  [
    twoFactorChallengeSchema,
    'TwoFactorChallenge',
    {
      secret: 's9Dk2lQp5rTx8vYz1aBc4dEf7gHj0kLm3nPq6sTu9wX',
      message: MESSAGES.securityCodeSent,
    },
  ],
  [
    twoFactorVerifySchema,
    'TwoFactorVerify',
    { code: '482913', secret: 's9Dk2lQp5rTx8vYz1aBc4dEf7gHj0kLm3nPq6sTu9wX' },
  ],
  [refreshRequestSchema, 'RefreshRequest', { refresh_token: 'r3Fh6jKl9nPq2sTv5xZa8cDe1gHi4kLm7oQr0tUw3yB' }],
  [
    signUpSchema,
    'SignUpRequest',
    {
      name: 'Dana Fleet',
      email: 'dana@acme-logistics.example',
      password: 'correct horse 9',
      password_confirmation: 'correct horse 9',
    },
  ],
  [
    passwordResetSchema,
    'PasswordResetRequest',
    {
      token: 'p4Xr7tVw0yZb3cEf6hIk9lNo2qRs5uVx8zAc1dFg4jK',
      email: 'dana@acme-logistics.example',
      password: 'new horse 27',
      password_confirmation: 'new horse 27',
    },
  ],
  [
    activeSessionSchema,
    'ActiveSession',
    {
      id: '0b8e4d52-6c1f-4a7e-9d3b-5f2a8c6e1d40',
      device: 'Mac',
      browser: 'Chrome',
      ip: '203.0.113.24',
      signedInAt: at,
      lastActiveAt: '2026-03-02T10:02:41.000Z',
      current: true,
    },
  ],
  [systemSettingSchema, 'SystemSetting', { key: 'maintenance_mode', value: '0' }],
  [
    tattleUserSchema,
    'TattleUser',
    { user_id: 'ts-3301', username: 'dana.ts', email: 'dana@acme-logistics.example', name: 'Dana Fleet' },
  ],
  [
    linkedAppEntrySchema,
    'LinkedApp',
    { app: 'ld', name: 'Live Dispatch', url: 'https://dispatch.example/app/' },
  ],
];
