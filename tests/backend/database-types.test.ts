/// <reference types="node" />
// src/config/database.types.ts is generated (`npm run db:types`, scripts/db-types.mjs): Supabase's
// generator (@supabase/postgres-meta) over a database the local backend migrated. This test generates
// it afresh from the backend project's own database, migrated the same way by global-setup.ts, and fails
// while the committed file differs: a migration added without running `npm run db:types` again, or a
// hand edit of the generated file.
import fs from "node:fs";
import { inject } from "vitest";
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from "../../scripts/lib/db-types.mjs";

describe("the Database type (src/config/database.types.ts)", () => {
  it("is what `npm run db:types` generates from the migrated schema", async () => {
    const generated = await generateDatabaseTypes(inject("databaseUrl"));
    const committed = fs.readFileSync(DATABASE_TYPES_FILE, "utf8");
    expect(
      committed,
      "src/config/database.types.ts is not the migrated schema's: run `npm run db:types` (never edit it by hand)",
    ).toBe(generated);
  });
});
