import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/*
 * The browser's side of passkeys through @simplewebauthn/browser (the server's library's twin):
 * it turns the server's JSON options into navigator.credentials calls and the answers back into
 * JSON. Loaded only when a passkey is used, so the sign-in pages stay light.
 */

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Asks the browser (and the person) for an assertion to the server's request options. */
export async function passkeyAssertion(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const answer = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return answer as unknown as Record<string, unknown>;
}

/** Asks the browser to create a passkey for the server's creation options. */
export async function passkeyRegistration(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const answer = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return answer as unknown as Record<string, unknown>;
}
