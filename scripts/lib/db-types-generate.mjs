// Prints the TypeScript types of the database at PG_META_DB_URL's public schema, as the Supabase CLI's
// `supabase gen types typescript --local` does: @supabase/postgres-meta's type-generation mode
// (dist/server/server.js with PG_META_GENERATE_TYPES=typescript) made of the same two calls, with the
// CLI's settings (public schema, one-to-one relationships detected, no PostgREST version), plus one
// filter: objects named `test_…` are the backend tests' own (tests/backend/race-canary.ts) and left out.
//
// Run as a child process by scripts/lib/db-types.mjs (see there why), never imported.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { PostgresMeta } from "@supabase/postgres-meta";
import { getGeneratorMetadata } from "@supabase/postgres-meta/dist/lib/generators.js";

const SCHEMA = "public";

/** The TypeScript template postgres-meta itself uses: its own dependency, not a second copy. */
async function postgresMetaTemplate() {
  const fromPostgresMeta = createRequire(createRequire(import.meta.url).resolve("@supabase/postgres-meta"));
  const entry = fromPostgresMeta.resolve("@supabase/postgrest-typegen");
  const { generateTypescript } = await import(pathToFileURL(entry).href);
  return generateTypescript;
}

const isTestObject = (name) => typeof name === "string" && name.startsWith("test_");

/**
 * The metadata without the tests' own objects of the public schema (and the columns, keys and
 * relationships of their tables).
 */
function withoutTestObjects(metadata) {
  const named = (items) => items.filter((item) => !(item.schema === SCHEMA && isTestObject(item.name)));
  return {
    ...metadata,
    tables: named(metadata.tables),
    foreignTables: named(metadata.foreignTables),
    views: named(metadata.views),
    materializedViews: named(metadata.materializedViews),
    columns: metadata.columns.filter((column) => !isTestObject(column.table)),
    primaryKeys: metadata.primaryKeys.filter((key) => !isTestObject(key.table_name)),
    relationships: metadata.relationships.filter(
      (relation) => !isTestObject(relation.relation) && !isTestObject(relation.referenced_relation),
    ),
    functions: named(metadata.functions),
    types: named(metadata.types),
  };
}

const connectionString = process.env.PG_META_DB_URL;
if (!connectionString) throw new Error("PG_META_DB_URL is not set.");

const pgMeta = new PostgresMeta({ max: 1, connectionString, application_name: "restyle db:types" });
// Introspects the schema and ends the pool.
const { data: metadata, error } = await getGeneratorMetadata(pgMeta, { includedSchemas: [SCHEMA] });
if (error) throw new Error(`postgres-meta could not read the schema: ${error.message}`);
const generateTypescript = await postgresMetaTemplate();
process.stdout.write(
  await generateTypescript(withoutTestObjects(metadata), {
    detectOneToOneRelationships: true,
    defaultSchema: SCHEMA,
  }),
);
