// End to end in hosted mode (AI_MODE=hosted): the specs of e2e/hosted against `npm start` built and
// served in hosted mode, on a fresh database, with no Gemini key, so /api/ai forwards to the local
// preview engine and every AI call goes through the real proxy and the database's count.
// LOCAL_AI_FAULTS=1 lets a spec make the engine fail on purpose (server/local-ai/engine.ts).
import { e2eConfig } from "./e2e/config";

export default e2eConfig({
  testDir: "e2e/hosted",
  port: Number(process.env.E2E_HOSTED_PORT || 4318),
  outDir: process.env.E2E_HOSTED_OUT_DIR || "dist-e2e-hosted",
  dbDirVariable: "E2E_HOSTED_DB_DIR",
  env: { AI_MODE: "hosted", GEMINI_API_KEY: "", LOCAL_AI_FAULTS: "1" },
});
