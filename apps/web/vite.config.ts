import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';

// Ports come from the ONE infra config (tools/infra/infra.config.json), never from here.
interface InfraConfig {
  profiles: Record<string, { ports: Record<string, number> }>;
}

function readPorts(): { web: number; gateway: number } {
  const file = fileURLToPath(new URL('../../tools/infra/infra.config.json', import.meta.url));
  const infra = JSON.parse(readFileSync(file, 'utf8')) as InfraConfig;
  const profileName = process.env.EXAMPREP_PROFILE || 'dev';
  const profile = infra.profiles[profileName];
  if (!profile) {
    throw new Error(
      `EXAMPREP_PROFILE=${profileName} is not a profile of ${file} (known: ${Object.keys(infra.profiles).join(', ')})`,
    );
  }
  const { web, gateway } = profile.ports;
  if (!web || !gateway)
    throw new Error(`profiles.${profileName}.ports.web/.gateway missing in ${file}`);
  return { web, gateway };
}

const ports = readPorts();

// /api goes to the gateway. The proxy streams responses as they come (no buffering), so
// Server-Sent Events (GET /api/me/events) pass through; no timeout is set on purpose.
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: `http://127.0.0.1:${ports.gateway}`, changeOrigin: false, xfwd: true },
};

export default defineConfig({
  plugins: [react()],
  resolve: {
    // `@examprep/contracts/types` resolves to its TypeScript source (workspace condition).
    conditions: ['@examprep/source', ...defaultClientConditions],
  },
  server: { host: '127.0.0.1', port: ports.web, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: ports.web, strictPort: true, proxy },
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
});
