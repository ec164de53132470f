import type { ClearBatch, EncryptionState, KeyExchange, RecoveryKey, SealedBatch, SealInput, UnsealInput } from '@wartefrei/shared';
import { api } from '../../lib/api';

/** `/encryption/...`: only public keys and wrapped blobs go over the wire (docs/security.md#encryption). */
export const encryptionKeys = { state: ['encryption'] as const, requests: ['encryption', 'requests'] as const, clear: ['encryption', 'clear'] as const };

export const fetchEncryptionState = () => api.get<EncryptionState>('/encryption');
export const saveMyKey = (body: { public_key: string; wrapped_private_key: string }) => api.put<EncryptionState>('/encryption/my-key', body, { silent: true });
export const enableEncryption = (body: { public_key: string; recovery_wrapped_key: string; wrapped_account_key: string }) =>
  api.post<EncryptionState>('/encryption/enable', body, { silent: true });
export const requestAccess = () => api.post<EncryptionState>('/encryption/requests');
export const fetchRequests = () => api.get<KeyExchange[]>('/encryption/requests');
export const approveRequest = (id: string, wrappedAccountKey: string) => api.post<KeyExchange[]>(`/encryption/requests/${id}/approve`, { wrapped_account_key: wrappedAccountKey });
export const rejectRequest = (id: string) => api.post<KeyExchange[]>(`/encryption/requests/${id}/reject`);
export const fetchRecoveryKey = () => api.get<RecoveryKey>('/encryption/recovery');
export const recoverAccess = (wrappedAccountKey: string) => api.post<EncryptionState>('/encryption/recover', { wrapped_account_key: wrappedAccountKey }, { silent: true });
export const fetchClear = () => api.get<ClearBatch>('/encryption/clear');
export const sealRecords = (records: SealInput['records']) => api.post<{ sealed: number }>('/encryption/seal', { records });
export const fetchSealed = () => api.get<SealedBatch>('/encryption/sealed');
export const unsealRecords = (records: UnsealInput['records']) => api.post<{ unsealed: number }>('/encryption/unseal', { records });
export const disableEncryption = () => api.post<EncryptionState>('/encryption/disable', undefined, { silent: true });
