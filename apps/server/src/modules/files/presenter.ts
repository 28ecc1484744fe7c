import { API_PREFIX, type PortalFile } from '@portal/contract';

/**
 * Where a stored file is served. The random key is the capability (an <img> cannot send a Bearer
 * token); the path is root-relative so it works behind any proxy or host name the SPA is served on.
 */
export const publicFileUrl = (key: string) => `${API_PREFIX}/files/public/${key}`;
export const thumbnailFileUrl = (key: string) => `${API_PREFIX}/files/public/${key}/thumbnail`;

export type FileRef = { id: number; userId: number; key: string; fileName: string };

/** The File object of docs/api.md; the only place one is shaped. */
export const presentFile = (file: FileRef): PortalFile => ({
  id: file.id,
  user_id: file.userId,
  file_name: file.fileName,
  public_url: publicFileUrl(file.key),
  thumbnail_url: thumbnailFileUrl(file.key),
});
