// End to end in both modes in one run, as `npm test` runs it (scripts/test-all.mjs): the specs of
// playwright.config.ts against the client-mode server and those of playwright.hosted.config.ts against
// the hosted-mode one, both servers already started by npm test, the tests of both sharing the workers.
import { e2eAllConfig } from "./e2e/config";

export default e2eAllConfig();
