/** src/config/database.types.ts, as an absolute path. */
export const DATABASE_TYPES_FILE: string;
/**
 * What `npm run db:types` writes to src/config/database.types.ts for the database at `databaseUrl`
 * (its public schema, by @supabase/postgres-meta, with the header and prettier formatting).
 */
export function generateDatabaseTypes(databaseUrl: string): Promise<string>;
