import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig, type Alias } from "vite";
import { compression } from "vite-plugin-compression2";
import { prerenderShells } from "./prerender-shells";

const apiServer = "http://localhost:3000";

/*
 * React Router's package exports name only its development build (with its dev warnings) for every
 * condition (remix-run/react-router#14102, open): a production build of the app takes the
 * package's own production files, beside the development ones in the same package, instead.
 */
const reactRouterDist = path.join(path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")), "dist", "production");
const reactRouterProduction: Alias[] = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, "dom-export.mjs") },
];

export default defineConfig(({ command }) => ({
  resolve: { alias: command === "build" ? reactRouterProduction : [] },
  plugins: [
    react(),
    tailwindcss(),
    // A brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the strongest
    // settings (once, at build time): the server sends the one the browser accepts as it is.
    compression({ algorithms: ["brotliCompress", "gzip"], threshold: 256, logLevel: "silent" }),
    // The public pages' shells, painted from the HTML before any script (decision 0021).
    prerenderShells(),
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
}));
