// Vite builds the page (and its worker) into dist/; Vitest runs test/.
import { defineConfig } from "vitest/config";

export default defineConfig({
  base: "./",
  worker: { format: "es" },
  build: { target: "es2022" },
  test: { include: ["test/**/*.test.ts"], testTimeout: 120_000 },
});
