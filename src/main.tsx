/**
 * The app's entry point: renders the app, or a page naming what is missing when the build is misconfigured.
 */
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./index.css";
import { App } from "@/app/app";
import { EnvError, getEnv } from "@/config/env";
import { registerServiceWorker } from "@/lib/service-worker";

const root = createRoot(document.getElementById("root")!);

try {
  getEnv();
  // A transition: React renders the app in small slices and lets the browser paint and handle input in
  // between, instead of one long task on a slow phone (the loading spinner of index.html stays until then).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  // Installable and offline in a production build: the worker registers after `load` (no-op in dev).
  registerServiceWorker();
} catch (error) {
  // A misconfigured build says what is missing instead of showing a blank page.
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  root.render(
    <main style={{ fontFamily: "system-ui", maxWidth: 560, margin: "4rem auto", padding: "0 1rem" }}>
      <h1>The app is not configured</h1>
      <p>Whoever deployed this app needs to fix its settings:</p>
      <ul>
        {error.issues.map((issue) => (
          <li key={issue}>{issue}</li>
        ))}
      </ul>
    </main>,
  );
}
