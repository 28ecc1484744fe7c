import {
  MESSAGES,
  USER_ADMIN_MESSAGES,
  activeSessionSchema,
  biAccountSchema,
  biProjectAssignmentSchema,
  biProjectSchema,
  BULK_MESSAGES,
  bulkJobSchema,
  bulkUsersRequestSchema,
  errorBodySchema,
  fileSchema,
  linkedAppEntrySchema,
  logOnTokenSchema,
  loginRequestSchema,
  messageBodySchema,
  metaItemSchema,
  nsbiUserItemsSchema,
  outboxMailSchema,
  outboxSmsSchema,
  passkeyAddSchema,
  passkeyRegistrationOptionsSchema,
  passkeyRemoveSchema,
  passkeyRenameSchema,
  passkeySchema,
  passkeySignInOptionsSchema,
  passkeySignInSchema,
  passwordResetSchema,
  refreshRequestSchema,
  reportAccessEntrySchema,
  reportFolderAssignmentSchema,
  reportFolderSchema,
  reportItemSchema,
  reportTreeNodeSchema,
  roleSchema,
  sessionSchema,
  signUpSchema,
  systemSettingSchema,
  tattleUserSchema,
  twoFactorChallengeSchema,
  twoFactorVerifySchema,
  usageSchema,
  userReportsSchema,
  userSchema,
} from '@portal/contract';
import type { core } from 'zod';
import { documentAs } from './openapi';

// The contract's schemas the OpenAPI document names (components/schemas, referenced by $ref), each
// with an example. Registered once, when this file is first imported (app.ts imports it); a
// request body the contract builds per call is named where its route builds it.

const at = '2026-03-02T09:15:00.000Z';
const role = { id: 3, name: 'Customer', short_name: 'customer' };
const file = {
  id: 12,
  user_id: 42,
  file_name: 'acme-logo.png',
  public_url: '/api/v1.0/files/public/Q2hvb3NlIGEgcmFuZG9tIGtleSBvZiA0MyBjaGFyYWN0ZXJz',
  thumbnail_url: '/api/v1.0/files/public/Q2hvb3NlIGEgcmFuZG9tIGtleSBvZiA0MyBjaGFyYWN0ZXJz/thumbnail',
};
const user = {
  id: 42,
  name: 'Dana Fleet',
  email: 'dana@acme-logistics.example',
  username: 'dana.fleet',
  createdAt: at,
  logo: file,
  roles: [role],
  role: { is_admin: false },
  meta: [
    { key: 'company_name', value: 'Acme Logistics' },
    { key: 'settings.nsbi_enabled', value: '1' },
  ],
  dundas: { dundas_project_id: '8f1c2a4e-0b7d-4c1e-9a55-2f0e6d3b9c11' },
  ts: null,
  ld: {
    user_id: '7781',
    username: 'ld.dana',
    email: 'dana@acme-logistics.example',
    name: 'Dana Fleet',
    client_name: 'Acme Logistics',
    branch_name: 'Cape Town',
  },
  blocked: false,
};
const reportItem = {
  id: '5d0f7c3e-91a2-4b8e-8c3d-1f2a3b4c5d6e',
  name: 'Fuel per vehicle',
  type: 'dashboard',
  createdAt: at,
  initialViewOptions: 'viewonly',
  folderId: 'c9e8d7f6-a5b4-4c3d-8e2f-1a0b9c8d7e6f',
  folderName: 'Fuel',
  friendlyLocationElements: ['Fleet Insights', 'casey@example.com', 'Fuel'],
  managedBy: null,
};

const passkeyAttempt = '6f1c2a4e-0b7d-4c1e-9a55-2f0e6d3b9c11';
const credentialId = 'hS9dQm3cR0eYv2k8wLpZ1A';
const passkeyChallenge = 'c2lnbi1pbi1jaGFsbGVuZ2UtZXhhbXBsZQ';

const components: Array<[schema: core.$ZodType, id: string, example: unknown]> = [
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
  [
    biAccountSchema,
    'BiAccount',
    {
      user_id: 42,
      account_id: '3a7c9e1b-5d2f-4b6a-8c0e-9f1d3b5a7c2e',
      account_name: 'portal-user-42',
      project_id: '8f1c2a4e-0b7d-4c1e-9a55-2f0e6d3b9c11',
    },
  ],
  [
    biProjectSchema,
    'BiProject',
    { projectId: '8f1c2a4e-0b7d-4c1e-9a55-2f0e6d3b9c11', name: 'Fleet Insights' },
  ],
  [
    biProjectAssignmentSchema,
    'BiProjectAssignment',
    { user_id: 42, project_id: '8f1c2a4e-0b7d-4c1e-9a55-2f0e6d3b9c11' },
  ],
  [reportItemSchema, 'ReportItem', reportItem],
  [
    logOnTokenSchema,
    'LogOnToken',
    {
      logOnToken: 'b1e2c3d4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
      url: 'https://bi.example/Dashboard/5d0f7c3e-91a2-4b8e-8c3d-1f2a3b4c5d6e?e=false&vo=viewonly&logonTokenId=b1e2c3d4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
    },
  ],
  [
    reportFolderSchema,
    'ReportFolder',
    { id: 'c9e8d7f6-a5b4-4c3d-8e2f-1a0b9c8d7e6f', name: 'Fuel', parent_id: null, created_at: at },
  ],
  [
    reportFolderAssignmentSchema,
    'ReportFolderAssignment',
    { bi_file_id: reportItem.id, folder_id: 'c9e8d7f6-a5b4-4c3d-8e2f-1a0b9c8d7e6f' },
  ],
  [
    reportTreeNodeSchema,
    'ReportTreeNode',
    {
      id: 'c9e8d7f6-a5b4-4c3d-8e2f-1a0b9c8d7e6f',
      name: 'Fuel',
      description: null,
      type: 'folder',
      isLeaf: false,
      managedBy: null,
      children: [
        {
          id: reportItem.id,
          name: reportItem.name,
          description: 'Litres per 100 km',
          type: 'dashboard',
          isLeaf: true,
          managedBy: null,
          children: [],
        },
      ],
    },
  ],
  [reportAccessEntrySchema, 'ReportAccessEntry', { biReportId: reportItem.id, isReadOnly: false }],
  [
    userReportsSchema,
    'UserReports',
    {
      tree: [],
      access: [{ biReportId: reportItem.id, isReadOnly: false }],
      configured: true,
      items: [reportItem],
    },
  ],
  [
    nsbiUserItemsSchema,
    'NsbiUserItems',
    {
      id: 42,
      name: 'Dana Fleet',
      email: 'dana@acme-logistics.example',
      createdAt: at,
      project: { projectId: '8f1c2a4e-0b7d-4c1e-9a55-2f0e6d3b9c11', name: 'Fleet Insights' },
      dashboards: [{ id: reportItem.id, name: reportItem.name }],
      reports: [],
      unavailable: false,
    },
  ],
  [
    usageSchema,
    'Usage',
    {
      from: '2026-02-24',
      to: '2026-03-02',
      perDay: [{ day: '2026-03-02', nsbi: 14, report: 31 }],
      topReports: [{ reportId: reportItem.id, name: reportItem.name, clicks: 31 }],
      topUsers: [{ userId: 42, name: 'Dana Fleet', email: 'dana@acme-logistics.example', clicks: 45 }],
      totals: { nsbi: 14, report: 31 },
    },
  ],
  [
    bulkUsersRequestSchema,
    'BulkUsersRequest',
    {
      action: 'block',
      filter: { search: 'acme', blocked: false, expected_total: 240 },
      current_password: 'my own password',
    },
  ],
  [
    bulkJobSchema,
    'BulkJob',
    {
      id: 17,
      action: 'block',
      state: 'running',
      total: 240,
      processed: 120,
      done: 118,
      skipped: 2,
      failed: 0,
      results: [{ id: 3, status: 'skipped', message: BULK_MESSAGES.adminByFilter }],
      message: BULK_MESSAGES.progress(120, 240),
      started_at: at,
      finished_at: null,
    },
  ],
  [
    outboxMailSchema,
    'OutboxMail',
    {
      id: 7,
      to: 'dana@acme-logistics.example',
      subject: 'Customer Portal: Reset your password',
      text: 'Reset Password: https://portal.example/reset-password?token=…',
      html: '<p>…</p>',
      createdAt: at,
    },
  ],
  [
    outboxSmsSchema,
    'OutboxSms',
    {
      sid: 'SM0123456789abcdef0123456789abcdef',
      to: '+15551234567',
      from: '+15005550006',
      body: 'Customer Portal security code: 123456. It expires in 10 minutes. Do not share it.',
      status: 'delivered',
      createdAt: at,
    },
  ],
  [
    passkeySchema,
    'Passkey',
    {
      id: 5,
      name: 'Work laptop',
      createdAt: at,
      lastUsedAt: at,
      backupEligible: true,
      backedUp: true,
    },
  ],
  [
    passkeyAddSchema,
    'PasskeyAdd',
    {
      attempt: passkeyAttempt,
      name: 'Work laptop',
      response: {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
          attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YVg',
          transports: ['internal', 'hybrid'],
        },
      },
    },
  ],
  [passkeyRenameSchema, 'PasskeyRename', { name: 'Phone' }],
  [passkeyRemoveSchema, 'PasskeyRemove', { current_password: 'my own password' }],
  [
    passkeySignInSchema,
    'PasskeySignIn',
    {
      attempt: passkeyAttempt,
      response: {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
          authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
          signature: 'MEUCIQC6mK2p1c9iQm3Y3Q0aVqk',
          userHandle: 'q5r0s1t2u3v4w5x6y7z8',
        },
      },
    },
  ],
  [
    passkeyRegistrationOptionsSchema,
    'PasskeyRegistrationOptions',
    {
      attempt: passkeyAttempt,
      options: {
        challenge: passkeyChallenge,
        rp: { name: 'Customer Portal', id: 'portal.example' },
        user: { id: 'q5r0s1t2u3v4w5x6y7z8', name: 'dana.fleet', displayName: 'Dana Fleet' },
        pubKeyCredParams: [
          { alg: -8, type: 'public-key' },
          { alg: -7, type: 'public-key' },
          { alg: -257, type: 'public-key' },
        ],
        timeout: 120000,
        excludeCredentials: [{ id: credentialId, type: 'public-key', transports: ['internal'] }],
        authenticatorSelection: {
          residentKey: 'required',
          userVerification: 'required',
          requireResidentKey: true,
        },
        attestation: 'none',
      },
    },
  ],
  [
    passkeySignInOptionsSchema,
    'PasskeySignInOptions',
    {
      attempt: passkeyAttempt,
      options: {
        challenge: passkeyChallenge,
        rpId: 'portal.example',
        timeout: 120000,
        allowCredentials: [],
        userVerification: 'required',
      },
    },
  ],
];

for (const [schema, id, example] of components) documentAs(schema, id, example);

/** Every named component with its example (the OpenAPI test checks each example against its schema). */
export const documentedComponents = components;
