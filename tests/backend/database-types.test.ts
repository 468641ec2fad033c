/// <reference types="node" />
// src/config/database.types.ts against the migrated schema. supabase/migrations are applied in order to
// a fresh PGlite database (the Postgres the local backend runs on, with the auth schema @supabase/lite
// gives it), and its catalog is read back in the shape of src/config/database.schema.ts, which the
// compiler holds equal to the `Database` type: so a migration that adds, drops or changes a column, a
// foreign key or a function, without the type following, fails here. The running backend is also
// asked for every described column through its REST API.
import fs from "node:fs";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { getAuthSchemaSql, SUPABASE_AUTH_HELPERS_SQL } from "@supabase/lite";
import { PGlite } from "@supabase/lite/pglite";
import { DATABASE_SCHEMA, type SchemaDescription } from "../../src/config/database.schema";
import { createServiceClient } from "./helpers";

const MIGRATIONS = path.resolve("supabase/migrations");

/** A fresh database with the roles and auth schema the migrations expect, then every migration. */
async function migratedDatabase(): Promise<PGlite> {
  const db = new PGlite();
  await db.exec("create role anon nologin; create role authenticated nologin;");
  await db.exec("create role service_role nologin bypassrls;");
  await db.exec(getAuthSchemaSql());
  await db.exec(SUPABASE_AUTH_HELPERS_SQL);
  for (const file of fs
    .readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    await db.exec(fs.readFileSync(path.join(MIGRATIONS, file), "utf8"));
  }
  return db;
}

type Row = Record<string, unknown>;
type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };
type Description = Mutable<SchemaDescription>;
type Tables = Description["tables"];
type Functions = Description["functions"];

async function readTables(db: PGlite): Promise<Tables> {
  const tables: Tables = {};
  const { rows: columns } = await db.query<Row>(`
    select c.relname as table, a.attname as column, t.typname as type, a.attnotnull as not_null,
           a.atthasdef as has_default, a.attidentity as identity
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname, a.attnum`);
  for (const row of columns) {
    const flags = [
      ...(row.not_null ? [] : ["nullable"]),
      ...(row.has_default || row.identity === "d" ? ["default"] : []),
      ...(row.identity === "a" ? ["identity"] : []),
    ];
    const table = (tables[String(row.table)] ??= { columns: {}, relationships: [] });
    table.columns[String(row.column)] = [row.type, ...flags] as Tables[string]["columns"][string];
  }
  const { rows: keys } = await db.query<Row>(`
    select con.conname as name, cl.relname as table, ref.relname as references,
           (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(num, ord)
              join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num) as columns,
           (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(num, ord)
              join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num) as referenced_columns,
           exists (select 1 from pg_constraint u
                   where u.conrelid = con.conrelid and u.contype in ('p', 'u')
                     and u.conkey @> con.conkey and u.conkey <@ con.conkey) as one_to_one
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    join pg_class ref on ref.oid = con.confrelid
    join pg_namespace rn on rn.oid = ref.relnamespace
    where con.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'
    order by con.conname`);
  // As the generator: only foreign keys within the schema (not those to auth.users).
  for (const key of keys) {
    tables[String(key.table)]!.relationships.push({
      name: String(key.name),
      columns: key.columns as string[],
      references: String(key.references),
      referencedColumns: key.referenced_columns as string[],
      oneToOne: Boolean(key.one_to_one),
    });
  }
  return tables;
}

async function readFunctions(db: PGlite): Promise<Functions> {
  const functions: Functions = {};
  const { rows } = await db.query<Row>(`
    select p.proname as name, p.proretset as returns_set, rt.typname as return_type,
           p.pronargdefaults as defaults,
           (select json_agg(json_build_object(
                     'name', coalesce(p.proargnames[k.ord], ''),
                     'mode', coalesce(p.proargmodes[k.ord]::text, 'i'),
                     'type', t.typname) order by k.ord)
              from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality k(oid, ord)
              join pg_type t on t.oid = k.oid) as args
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type rt on rt.oid = p.prorettype
    where n.nspname = 'public' and rt.typname not in ('trigger', 'event_trigger')
    order by p.proname`);
  for (const fn of rows) {
    const name = String(fn.name);
    // Overloads are a union of Args in the generator's output: describe them by hand first.
    if (functions[name])
      throw new Error(`public.${name} is overloaded: the schema description has no overloads`);
    const args = (fn.args ?? []) as { name: string; mode: string; type: string }[];
    const inputs = args.filter((arg) => ["i", "b", "v"].includes(arg.mode));
    const firstDefault = inputs.length - Number(fn.defaults);
    const columns = args.filter((arg) => arg.mode === "t");
    functions[name] = {
      args: inputs.map((arg, i) => [arg.name, arg.type, ...(i >= firstDefault ? ["default"] : [])]),
      returns:
        columns.length > 0
          ? { table: columns.map((column) => [column.name, column.type]) }
          : `${fn.returns_set ? "setof " : ""}${String(fn.return_type)}`,
    } as Functions[string];
  }
  return functions;
}

async function namesOf(db: PGlite, sql: string): Promise<string[]> {
  return (await db.query<Row>(sql)).rows.map((row) => String(row.name));
}

/** The migrated database's public schema, in the shape of DATABASE_SCHEMA. */
async function readSchema(db: PGlite): Promise<Description> {
  return {
    tables: await readTables(db),
    views: await namesOf(
      db,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('v', 'm') order by 1`,
    ),
    enums: await namesOf(
      db,
      `select t.typname as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
       where n.nspname = 'public' and t.typtype = 'e' order by 1`,
    ),
    compositeTypes: await namesOf(
      db,
      `select t.typname as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
       join pg_class c on c.oid = t.typrelid
       where n.nspname = 'public' and t.typtype = 'c' and c.relkind = 'c' order by 1`,
    ),
    functions: await readFunctions(db),
  };
}

describe("the Database type (src/config/database.types.ts)", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await migratedDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it("describes every table, column, foreign key and function of the migrations", async () => {
    expect(await readSchema(db)).toEqual(DATABASE_SCHEMA);
  });

  // The check itself: each change, made on top of the migrations, must be caught.
  it.each([
    ["a new column", "alter table public.plans add column perks text"],
    ["a column made nullable", "alter table public.payments alter column provider drop not null"],
    ["a column's new type", "alter table public.usage alter column used type bigint"],
    ["a new default", "alter table public.usage_reservations alter column created_at set default now()"],
    ["a new table", "create table public.coupons (code text primary key)"],
    [
      "a new foreign key",
      "alter table public.checkout_locks add constraint checkout_locks_tier_fkey " +
        "foreign key (tier) references public.plans (tier)",
    ],
    [
      "a function's new argument",
      "drop function public.end_checkout(uuid); " +
        "create function public.end_checkout(p_user_id uuid, p_reason text) returns void " +
        "language sql as 'select 1'",
    ],
    ["a new view", "create view public.prices as select tier, price_cents from public.plans"],
  ])("fails on a migration with %s", async (_change, sql) => {
    await db.exec("begin");
    try {
      await db.exec(sql);
      expect(await readSchema(db)).not.toEqual(DATABASE_SCHEMA);
    } finally {
      await db.exec("rollback");
    }
    expect(await readSchema(db)).toEqual(DATABASE_SCHEMA);
  });

  it("matches the running local backend: every described column is served by its REST API", async () => {
    // Untyped on purpose: the tables are named by the description, not by the type.
    const client = createServiceClient() as unknown as SupabaseClient;
    for (const [table, { columns }] of Object.entries(DATABASE_SCHEMA.tables)) {
      const { error } = await client.from(table).select(Object.keys(columns).join(",")).limit(1);
      expect(error, table).toBeNull();
    }
  });
});
