import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

export default defineConfig({
  root: here,
  plugins: [react()],
  resolve: {
    alias: {
      '@web': path.resolve(here, 'src'),
      '@server': path.resolve(here, '../server'),
    },
  },
  // The Plotly partial bundle expects a Node-style `global`.
  define: { global: 'globalThis' },
  build: {
    outDir: path.resolve(here, 'dist'),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
});
