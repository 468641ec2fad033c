// Where the end-to-end runs build the app, one folder per AI mode, each overridable from the
// environment. Read by the Playwright configs (their web server builds there), by the specs that look
// into a build, and by `npm test` (scripts/test-all.mjs), whose budget check measures those builds.
const BUILDS = {
  client: { variable: "E2E_OUT_DIR", fallback: ".dist-e2e" },
  hosted: { variable: "E2E_HOSTED_OUT_DIR", fallback: "dist-e2e-hosted" },
};

/** The build folder of the end-to-end run in `mode` ("client" or "hosted"), relative to the project. */
export function e2eBuildDir(mode) {
  const { variable, fallback } = BUILDS[mode];
  return process.env[variable] || fallback;
}
