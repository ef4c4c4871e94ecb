import path from 'node:path';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';
import { securityHeaders } from './server/security-headers.ts';

// Ports and URLs come from the ONE infra config (tools/infra/infra.config.json) through the
// environment model the tools and the test kit share (tools/infra/environment.cjs, ADR 0024),
// never from here.
const require = createRequire(import.meta.url);
const { infraModel, isProfile } =
  require('../../tools/infra/environment.cjs') as typeof import('../../tools/infra/environment.cjs');

function readProfile() {
  const name = process.env.EXAMPREP_PROFILE || 'dev';
  if (!isProfile(name)) throw new Error(`EXAMPREP_PROFILE: unknown profile "${name}"`);
  const m = infraModel(name);
  return {
    web: m.ports.web,
    gatewayUrl: m.gatewayUrl,
    keycloakOrigin: m.keycloakUrl,
    s3Origin: m.s3.publicEndpoint,
  };
}

const profile = readProfile();

// /api goes to the gateway. The proxy streams responses as they come (no buffering), so
// Server-Sent Events (GET /api/me/events) pass through; no timeout is set on purpose.
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: profile.gatewayUrl, changeOrigin: false, xfwd: true },
};

export default defineConfig({
  // The security headers of production (deploy/docker/security-headers*.conf) in `vite
  // preview` (what `npm start` serves) and `vite` (dev), with this profile's Keycloak and S3.
  plugins: [
    react(),
    securityHeaders({ keycloakOrigin: profile.keycloakOrigin, s3Origin: profile.s3Origin }),
  ],
  resolve: {
    // `@examprep/contracts/types` resolves to its TypeScript source (workspace condition).
    conditions: ['@examprep/source', ...defaultClientConditions],
  },
  server: { host: '127.0.0.1', port: profile.web, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: profile.web, strictPort: true, proxy },
  // No source maps in what is served (`npm start` previews this build; the image ships it).
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // the app, and the page an LMS launch opens first (it only signs in: ADR 0040)
    rollupOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        ltiStart: path.resolve(import.meta.dirname, 'lti-start.html'),
      },
    },
  },
});
