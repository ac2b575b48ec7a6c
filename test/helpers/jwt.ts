/** JSON Web Tokens for tests, signed with node:crypto (RS256, ES256), and the JWKS that verifies them. */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

export type JwtAlgorithm = 'RS256' | 'ES256';

export interface SigningKey {
  alg: JwtAlgorithm;
  kid: string;
  privateKey: KeyObject;
  /** The public key as a JWK (with kid, alg, use). */
  jwk: Record<string, unknown>;
}

export function signingKey(alg: JwtAlgorithm, kid: string): SigningKey {
  const { privateKey, publicKey } = alg === 'RS256'
    ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { alg, kid, privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg, use: 'sig' } };
}

export function jwks(...keys: SigningKey[]): string {
  return JSON.stringify({ keys: keys.map((k) => k.jwk) });
}

const base64url = (value: Buffer | string): string => Buffer.from(value).toString('base64url');

/** A compact JWS of the claims; exp defaults to an hour from now, iat to now. */
export function signJwt(key: SigningKey, claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: key.alg, typ: 'JWT', kid: key.kid }));
  const payload = base64url(JSON.stringify({ iat: now, exp: now + 3600, ...claims }));
  const input = `${header}.${payload}`;
  // ES256 signatures are r||s (IEEE P1363), not DER.
  const signature = key.alg === 'RS256' ? sign('sha256', Buffer.from(input), key.privateKey) : sign('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${base64url(signature)}`;
}
