import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

const apiServer = "http://localhost:3000";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // A brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the strongest
    // settings (once, at build time): the server sends the one the browser accepts as it is.
    compression({ algorithms: ["brotliCompress", "gzip"], threshold: 256, logLevel: "silent" }),
  ],
  server: {
    proxy: {
      "/api": apiServer,
      "/uploads": apiServer,
      "/socket.io": { target: apiServer, ws: true },
    },
  },
  build: {
    outDir: "dist",
    // Every browser the build targets preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React, React DOM and React Router in one chunk: every page needs them, they change only
        // with an upgrade (cached across deploys), and together they compress better than apart.
        codeSplitting: {
          groups: [{ name: "vendor", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
          // Common chunks under 4 KB (an icon, a button) go into the chunks that use them: a page
          // then arrives in a few files instead of some forty (each with its headers and, on
          // HTTP/1.1, its turn for one of six connections). Needs the strict execution order.
          experimentalInlineCommonChunks: { maxSize: 4000 },
        },
        strictExecutionOrder: true,
      },
    },
  },
});
