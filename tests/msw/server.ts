import { setupServer } from "msw/node";

/** One msw server for the UI tests; each test adds the handlers it needs with server.use(...). */
export const server = setupServer();
