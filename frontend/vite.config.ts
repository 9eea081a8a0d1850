import { resolve } from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root,
  publicDir: resolve(root, 'public'),
  // The router plugin must come before react().
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: resolve(root, 'src/routes'),
      generatedRouteTree: resolve(root, 'src/routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
  ],
  build: {
    outDir: resolve(root, '../dist/web'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: { host: '127.0.0.1', port: 5173 },
});
