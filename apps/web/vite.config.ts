import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on the same origin in production; in development Vite forwards /api to it.
export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  // The manifest lets scripts/check-bundle-size.mjs follow what each screen loads.
  build: { target: 'es2022', sourcemap: true, manifest: true },
});
