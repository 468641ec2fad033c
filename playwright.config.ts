// End to end in client mode (the default build): every spec under e2e/ except e2e/hosted, against
// `npm start` on a fresh database. Hosted mode has its own run: playwright.hosted.config.ts.
import { e2eConfig } from "./e2e/config";

export default e2eConfig({
  testDir: "e2e",
  testIgnore: ["hosted/**"],
  mode: "client",
  dbDirVariable: "E2E_DB_DIR",
});
