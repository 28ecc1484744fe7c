import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dataOf,
  dataWithMessageOf,
  messageBodySchema,
  passkeyRegistrationOptionsSchema,
  passkeySchema,
  passkeysSchema,
  type Passkey,
  type PasskeyAdd,
  type PasskeyRegistrationOptions,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { passkeyKeys } from '../../../shared/api/query-keys';

/** GET auth/passkeys: the signed-in user's passkeys, oldest first. */
export async function getPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  const { data } = await apiRequest('auth/passkeys', { schema: dataOf(passkeysSchema), signal });
  return data;
}

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: passkeyKeys.all, queryFn: ({ signal }) => getPasskeys(signal), staleTime: 5_000 });

export const usePasskeys = () => useQuery(passkeysQueryOptions());

/** POST auth/passkeys/registration-options: a new attempt for this user (5 minutes, once). */
export async function beginPasskeyRegistration(): Promise<PasskeyRegistrationOptions> {
  const { data } = await apiRequest('auth/passkeys/registration-options', {
    method: 'POST',
    schema: dataOf(passkeyRegistrationOptionsSchema),
  });
  return data;
}

/** POST auth/passkeys: the browser's answer, named → the passkey and the server's message. */
export async function addPasskey(body: PasskeyAdd) {
  return apiRequest('auth/passkeys', { method: 'POST', body, schema: dataWithMessageOf(passkeySchema) });
}

/**
 * Add a passkey: the ceremony (options, the browser's prompt; its module and the WebAuthn library
 * load on this click), then the answer under the given name.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await import('../passkey-registration')).registerPasskey(name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

/** PATCH auth/passkeys/{id}. */
export async function renamePasskey(id: number, name: string) {
  return apiRequest(`auth/passkeys/${id}`, {
    method: 'PATCH',
    body: { name },
    schema: dataWithMessageOf(passkeySchema),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => renamePasskey(id, name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

/** DELETE auth/passkeys/{id} with the current password → the server's message. */
export async function removePasskey(id: number, currentPassword: string): Promise<string> {
  const { message } = await apiRequest(`auth/passkeys/${id}`, {
    method: 'DELETE',
    body: { current_password: currentPassword },
    schema: messageBodySchema,
  });
  return message;
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, currentPassword }: { id: number; currentPassword: string }) =>
      removePasskey(id, currentPassword),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}
