import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiServer = "http://localhost:3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      "/api": apiServer,
      "/uploads": apiServer,
      "/socket.io": { target: apiServer, ws: true },
    },
  },
  build: { outDir: "dist" },
});
