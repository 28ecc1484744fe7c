import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Passkey, PasskeyRegistrationOptions, PasskeySignInOptions } from '@portal/contract';
import type { Ceremony } from './service';
import type { PasskeyRecord } from './repository';

/** A passkey as its owner sees it: never the key or the credential id. */
export function presentPasskey(row: PasskeyRecord): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backupEligible: row.backupEligible,
    backedUp: row.backedUp,
  };
}

// The options go to the browser as the library wrote them; the contract's schemas name the fields
// the web reads and keep the others (WebAuthn's dictionaries are interfaces, hence the casts).
export const presentRegistrationOptions = (
  ceremony: Ceremony<PublicKeyCredentialCreationOptionsJSON>,
): PasskeyRegistrationOptions => ceremony as unknown as PasskeyRegistrationOptions;

export const presentSignInOptions = (
  ceremony: Ceremony<PublicKeyCredentialRequestOptionsJSON>,
): PasskeySignInOptions => ceremony as unknown as PasskeySignInOptions;
