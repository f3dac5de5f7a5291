import { PUBLIC_OPERATIONS as API } from '@cms/contract'
import { operationCaller } from './operation-call.ts'
import type { CallOptions, Transport } from './transport.ts'
import type {
  CreatedKey,
  KeyInput,
  KeyRotation,
  ListedKey,
  PreviewToken,
  PreviewTokenInput,
  Role,
  RoleChange,
  RoleInput,
} from './types/admin.ts'
import type { DocsList } from './types/list.ts'

/** `/api/keys` and `/api/roles` (a key with `manageKeys`), and `/api/preview-tokens`. */
export function accessApi(transport: Transport) {
  const call = operationCaller(transport)
  return {
    keys: {
      list: (options?: CallOptions) => call<DocsList<ListedKey>>(API.listKeys, options),
      create: (input: KeyInput, options?: CallOptions) =>
        call<CreatedKey>(API.createKey, { json: input, ...options }),
      rotate: (keyId: string, rotation: KeyRotation = {}, options?: CallOptions) =>
        call<CreatedKey>(API.rotateKey, { params: { keyId }, json: rotation, ...options }),
      revoke: (keyId: string, options?: CallOptions) =>
        call<undefined>(API.revokeKey, { params: { keyId }, ...options }),
    },
    roles: {
      list: (options?: CallOptions) => call<DocsList<Role>>(API.listRoles, options),
      create: (input: RoleInput, options?: CallOptions) =>
        call<Role>(API.createRole, { json: input, ...options }),
      update: (name: string, change: RoleChange, options?: CallOptions) =>
        call<Role>(API.updateRole, { params: { name }, json: change, ...options }),
      delete: (name: string, options?: CallOptions) =>
        call<undefined>(API.deleteRole, { params: { name }, ...options }),
    },
    /** A short-lived token that reads drafts (of one document, if named) for a preview. */
    previewToken: (input: PreviewTokenInput = {}, options?: CallOptions) =>
      call<PreviewToken>(API.createPreviewToken, { json: input, ...options }),
  }
}
