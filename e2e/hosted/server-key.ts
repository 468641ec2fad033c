/**
 * The Gemini key the hosted-mode server is started with in the end-to-end run
 * (playwright.hosted.config.ts). Not a real key: its upstream is the local preview engine. Its value must
 * appear in no file of the build (e2e/hosted/build.spec.ts).
 */
export const HOSTED_SERVER_KEY = "AIzaSy-e2e-hosted-server-key-never-in-the-bundle";
