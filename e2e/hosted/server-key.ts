/**
 * The Gemini key the hosted-mode server is started with in the end-to-end run (e2e/servers.mjs). Not a
 * real key: its upstream is the local preview engine. Its value must appear in no file of the build
 * (e2e/hosted/build.spec.ts).
 */
export { HOSTED_SERVER_KEY } from "../servers.mjs";
