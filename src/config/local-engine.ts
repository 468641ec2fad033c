/**
 * Where the local preview engine (server/local-ai) answers Gemini's REST calls on the app's own
 * origin under `npm run dev` and `npm start`: the Gemini base URL there is `<origin>` plus this path.
 * One constant for the app's client, the AI proxy and the server plugin that mounts the engine.
 */
export const LOCAL_ENGINE_PATH = "/__local-ai";
