import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTPayload,
  type KeyObject,
  SignJWT,
} from 'jose';
import type { JsonWebKeySet } from '@examprep/contracts';
import { Clock } from '../clock';
import { LtiRepository } from './lti.repository';

/** The tool's signing algorithm (LTI Core 1.3 §5.1.3 asks platforms to support RS256). */
export const TOOL_ALG = 'RS256';
/** Keys are read again this often, so a key another replica made appears in our JWKS. */
const RELOAD_MS = 5 * 60_000;

interface LoadedKeys {
  signing: { kid: string; key: KeyObject | CryptoKey | Uint8Array };
  jwks: JsonWebKeySet;
  at: number;
}

/**
 * The tool's key pairs (ADR 0040): the first replica to start without one makes an RSA-2048 pair
 * and stores it; the newest key signs (launch bridge id_tokens, deep linking responses, client
 * assertions) and every stored key is in our JWKS, so rotating is adding a key.
 */
@Injectable()
export class ToolKeys {
  private loaded: Promise<LoadedKeys> | undefined;

  constructor(
    private readonly repo: LtiRepository,
    private readonly clock: Clock,
  ) {}

  /** Our public keys (GET /api/lti/jwks). */
  async jwks(): Promise<JsonWebKeySet> {
    return (await this.keys()).jwks;
  }

  /** A compact JWS of `claims`, signed by the newest key, with its `kid`. */
  async sign(claims: JWTPayload, expiresInSeconds: number): Promise<string> {
    const { signing } = await this.keys();
    const now = Math.floor(this.clock.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: TOOL_ALG, kid: signing.kid, typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + expiresInSeconds)
      .sign(signing.key);
  }

  private keys(): Promise<LoadedKeys> {
    const current = this.loaded;
    if (current) {
      return current.then((k) => {
        if (this.clock.now() - k.at < RELOAD_MS) return k;
        if (this.loaded === current) this.loaded = undefined;
        return this.keys();
      });
    }
    const next = this.load();
    this.loaded = next;
    // a failed load is tried again on the next call
    next.catch(() => {
      if (this.loaded === next) this.loaded = undefined;
    });
    return next;
  }

  private async load(): Promise<LoadedKeys> {
    let records = await this.repo.toolKeys();
    if (records.length === 0) {
      await this.makeKey();
      records = await this.repo.toolKeys();
    }
    const newest = records[0]!;
    return {
      signing: {
        kid: newest._id,
        key: await importJWK(newest.privateJwk as JWK, TOOL_ALG),
      },
      jwks: { keys: records.map((r) => r.publicJwk) },
      at: this.clock.now(),
    };
  }

  /** A new key pair; the newest signs from now on (rotation). */
  async makeKey(): Promise<string> {
    const { publicKey, privateKey } = await generateKeyPair(TOOL_ALG, {
      modulusLength: 2048,
      extractable: true,
    });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: TOOL_ALG, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: TOOL_ALG };
    await this.repo.insertToolKey({
      _id: kid,
      publicJwk,
      privateJwk,
      createdAt: new Date(this.clock.now()),
    });
    this.loaded = undefined;
    return kid;
  }
}
