import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './precompress-plugin.ts';

const apiTarget = process.env.DARKROOM_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // bench/ reads the manifest to tell the entry chunks from the lazily loaded routes.
    manifest: true,
    // The bundle budget (250 KB gzipped before the first screen) is checked by bench/.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // The shared controls and core are plain module definitions (no import-time effects),
        // so what a page does not use stays out of its chunk even when imported through a barrel
        // (`src/ui/index.ts`, `@darkroom/core`). Without this the first screen carried the
        // gallery-only controls.
        moduleSideEffects: [
          { test: /\/packages\/web\/src\/ui\/.*\.tsx?$/, sideEffects: false },
          { test: /\/packages\/core\/src\/.*\.ts$/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget },
      '/readyz': { target: apiTarget },
    },
  },
});
