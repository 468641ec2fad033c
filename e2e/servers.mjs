// The app server of each end-to-end run, one per AI mode: its port, where it builds (e2e/builds.mjs)
// and what `npm start` (scripts/start.mjs) gets in its environment besides PORT and its database
// folder. Read by the Playwright configs (e2e/config.ts: their web server) and by `npm test`
// (scripts/test-all.mjs), which starts both servers itself, while the static checks run, and hands
// them to the end-to-end and budget phases (E2E_SERVERS_STARTED).
import { e2eBuildDir } from "./builds.mjs";

/**
 * The Gemini key the hosted-mode server is started with. Not a real key: its upstream is the local
 * preview engine. Its value must appear in no file of the build (e2e/hosted/build.spec.ts).
 */
export const HOSTED_SERVER_KEY = "AIzaSy-e2e-hosted-server-key-never-in-the-bundle";

/** The port of `mode`'s server: E2E_PORT (client, 4317) or E2E_HOSTED_PORT (hosted, 4318). */
export function e2ePort(mode) {
  return mode === "hosted"
    ? Number(process.env.E2E_HOSTED_PORT || 4318)
    : Number(process.env.E2E_PORT || 4317);
}

/**
 * What `npm start` gets in its environment for `mode`, besides PORT and SUPALITE_DB_URL. Hosted: the
 * server has a Gemini key (SERVER_KEY, in the build's environment too, so a spec can prove it is in no
 * built file) and its Gemini is the local preview engine on the same server, so every AI call goes
 * through the real proxy, with the key added, and the database's count. LOCAL_AI_FAULTS=1 lets a spec
 * make the engine fail on purpose.
 */
export function e2eServerEnv(mode) {
  // Passwords hashed at bcrypt's lowest cost (4, as the local backend's own tests use) instead of 10:
  // every spec signs a user up, and each hash or check at 10 is about 0.1 s of a core.
  const env = { LITE_TELEMETRY: "0", BUILD_OUT_DIR: e2eBuildDir(mode), LITE_AUTH_BCRYPT_COST: "4" };
  if (mode !== "hosted") return env;
  return {
    ...env,
    AI_MODE: "hosted",
    GEMINI_API_KEY: HOSTED_SERVER_KEY,
    GEMINI_BASE_URL: `http://localhost:${e2ePort("hosted")}/__local-ai`,
    LOCAL_AI_FAULTS: "1",
  };
}

/** Whether `npm test` has started the servers (E2E_SERVERS_STARTED=1): the configs then start none. */
export function e2eServersStarted() {
  return process.env.E2E_SERVERS_STARTED === "1";
}
