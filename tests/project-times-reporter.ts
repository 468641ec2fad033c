/// <reference types="node" />
// A vitest reporter for `npm test`'s phase table (scripts/test-all.mjs): how long each project's files
// took, summed (import, setup and tests of every file), written as JSON to TEST_PROJECT_TIMES_FILE. The
// backend project runs its files one after another, so its sum is its time; its global setup (a
// PostgreSQL server started and migrated) adds itself to the same file from tests/backend/global-setup.ts.
import fs from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

export default class ProjectTimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const file = process.env.TEST_PROJECT_TIMES_FILE;
    if (!file) return;
    const projects: Record<string, number> = {};
    for (const module of modules) {
      const { duration, collectDuration, setupDuration, prepareDuration } = module.diagnostic();
      const name = module.project.name;
      projects[name] = (projects[name] ?? 0) + duration + collectDuration + setupDuration + prepareDuration;
    }
    const before = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as object) : {};
    fs.writeFileSync(file, JSON.stringify({ ...before, projects }));
  }
}
