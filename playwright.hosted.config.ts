// End to end in hosted mode (AI_MODE=hosted): the specs of e2e/hosted against `npm start` built and
// served in hosted mode, on a fresh database. The server has a Gemini key (e2e/servers.mjs) and its
// Gemini is the local preview engine on the same server, so every AI call goes through the real proxy,
// with the key added, and the database's count. LOCAL_AI_FAULTS=1 lets a spec make the engine fail on
// purpose.
import { e2eConfig } from "./e2e/config";

export default e2eConfig({
  testDir: "e2e/hosted",
  mode: "hosted",
  dbDirVariable: "E2E_HOSTED_DB_DIR",
});
