// End to end in hosted mode (AI_MODE=hosted): the specs of e2e/hosted against `npm start` built and
// served in hosted mode, on a fresh database. The server has a Gemini key (SERVER_KEY, in the build's
// environment too, so a spec can prove it is in no built file) and its Gemini is the local preview
// engine on the same server, so every AI call goes through the real proxy, with the key added, and the
// database's count. LOCAL_AI_FAULTS=1 lets a spec make the engine fail on purpose.
import { e2eConfig } from "./e2e/config";
import { HOSTED_SERVER_KEY } from "./e2e/hosted/server-key";

const port = Number(process.env.E2E_HOSTED_PORT || 4318);

export default e2eConfig({
  testDir: "e2e/hosted",
  port,
  mode: "hosted",
  dbDirVariable: "E2E_HOSTED_DB_DIR",
  env: {
    AI_MODE: "hosted",
    GEMINI_API_KEY: HOSTED_SERVER_KEY,
    GEMINI_BASE_URL: `http://localhost:${port}/__local-ai`,
    LOCAL_AI_FAULTS: "1",
  },
});
