// The platform's state, kept as one JSON file so that a restart keeps it: its signing key and
// GUID, registered tools (each with its one deployment), resource links, line items and scores.
// Short-lived things (pending launches, registration tokens, used nonces and jtis) stay in memory.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';

const STATE_VERSION = 1;

/** A fresh RS256 key pair as JWKs, its kid the public key's RFC 7638 thumbprint. */
export async function newSigningKey() {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    publicJwk: { ...publicJwk, kid, alg: 'RS256', use: 'sig' },
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256' },
  };
}

/** What a reset returns to: no tools, links, line items or scores. */
const emptyRecords = () => ({
  counters: { tool: 0, link: 0, lineItem: 0 },
  tools: [],
  links: [],
  lineItems: [],
  scores: [],
});

function writeAtomically(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

/**
 * The state of `file`, created on first use. `save()` writes it after a change; `reset()` empties
 * the records but keeps the key and GUID (tools keep trusting the platform's JWKS across resets).
 */
export async function openStore(file) {
  let state;
  if (fs.existsSync(file)) {
    state = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (state.version !== STATE_VERSION) {
      throw new Error(
        `${file}: state version ${state.version}, expected ${STATE_VERSION}; delete the file`,
      );
    }
  } else {
    state = {
      version: STATE_VERSION,
      platformGuid: randomUUID(),
      key: await newSigningKey(),
      ...emptyRecords(),
    };
    writeAtomically(file, state);
  }
  return {
    state,
    save: () => writeAtomically(file, state),
    reset() {
      Object.assign(state, emptyRecords());
      writeAtomically(file, state);
    },
    /** The next number of a counter (tool, link, lineItem), saved with the next save(). */
    next(counter) {
      state.counters[counter] += 1;
      return state.counters[counter];
    },
  };
}
