#!/usr/bin/env node
// Builds the realm file Keycloak imports on the LOCAL servers: the production realm
// (deploy/keycloak/realm) plus the dev/test overlay (deploy/keycloak/dev), which adds seeded
// users and the `api-tests` client. The production file itself never contains them.
//
//   node merge-realm.cjs <realm.json> <overlay.json> <out.json>
//
// Merge rules: `clients` (by clientId), `users` (by username), `groups` and `clientScopes`
// (by name) and `roles.realm` (by name) are merged item by item, the overlay's item winning;
// `roles.client` is merged per client; any other key of the overlay replaces the realm's.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const KEYED = { clients: 'clientId', users: 'username', groups: 'name', clientScopes: 'name' };

function mergeByKey(base = [], extra = [], key) {
  const out = [...base];
  for (const item of extra) {
    const i = out.findIndex((b) => b[key] === item[key]);
    if (i >= 0) out[i] = item;
    else out.push(item);
  }
  return out;
}

function mergeRealm(realm, overlay) {
  const out = structuredClone(realm);
  for (const [k, v] of Object.entries(overlay)) {
    if (k.startsWith('$')) continue;
    if (KEYED[k]) out[k] = mergeByKey(out[k], v, KEYED[k]);
    else if (k === 'roles') {
      const roles = out.roles || {};
      out.roles = {
        ...roles,
        realm: mergeByKey(roles.realm, v.realm || [], 'name'),
        client: { ...(roles.client || {}) },
      };
      for (const [clientId, list] of Object.entries(v.client || {})) {
        out.roles.client[clientId] = mergeByKey(out.roles.client[clientId], list, 'name');
      }
    } else out[k] = v;
  }
  return out;
}

/** The merged realm file's exact text (infra.sh hashes it to detect realm changes). */
function renderMergedRealm(realmFile, overlayFile) {
  const realm = JSON.parse(fs.readFileSync(realmFile, 'utf8'));
  const overlay = JSON.parse(fs.readFileSync(overlayFile, 'utf8'));
  if (overlay.realm && overlay.realm !== realm.realm) {
    throw new Error(`overlay ${overlayFile} is for realm ${overlay.realm}, not ${realm.realm}`);
  }
  return `${JSON.stringify(mergeRealm(realm, overlay), null, 2)}\n`;
}

module.exports = { mergeRealm, renderMergedRealm };

if (require.main === module) {
  const [realmFile, overlayFile, outFile] = process.argv.slice(2);
  if (!outFile) {
    process.stderr.write('usage: merge-realm.cjs <realm.json> <overlay.json> <out.json>\n');
    process.exit(2);
  }
  let text;
  try {
    text = renderMergedRealm(realmFile, overlayFile);
  } catch (e) {
    process.stderr.write(`merge-realm: ${e.message}\n`);
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const tmp = `${outFile}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, outFile);
}
