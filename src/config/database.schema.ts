/**
 * The same schema as src/config/database.types.ts, as data a test can read: every table's columns
 * (Postgres type and flags), foreign keys within the schema, and every function's arguments and result.
 * tests/backend/database-types.test.ts compares it with the migrated database's catalog, and the
 * compiler compares it with the `Database` type (the checks at the end of this file), so a migration
 * that adds or changes a column, without the type following, fails one or the other.
 *
 * Column flags: "nullable" (no NOT NULL), "default" (has a default, or is an identity BY DEFAULT) and
 * "identity" (GENERATED ALWAYS AS IDENTITY: never written by a client). An argument's "default" flag:
 * it may be left out.
 */
import type { Database, Json } from "./database.types";

type PgType = "bool" | "date" | "int4" | "int8" | "jsonb" | "text" | "timestamptz" | "uuid";
type Flag = "nullable" | "default" | "identity";
type ColumnSpec = readonly [PgType, ...Flag[]];
type ArgSpec = readonly [string, PgType, ..."default"[]];
type RelationshipSpec = {
  readonly name: string;
  readonly columns: readonly string[];
  readonly references: string;
  readonly referencedColumns: readonly string[];
  readonly oneToOne: boolean;
};
type TableSpec = {
  readonly columns: Readonly<Record<string, ColumnSpec>>;
  readonly relationships: readonly RelationshipSpec[];
};
type FunctionSpec = {
  readonly args: readonly ArgSpec[];
  /** A scalar type ("void" for none), or the columns of `returns table (...)`, which returns a set. */
  readonly returns: PgType | "void" | { readonly table: readonly (readonly [string, PgType])[] };
};
export type SchemaDescription = {
  readonly tables: Readonly<Record<string, TableSpec>>;
  readonly views: readonly string[];
  readonly enums: readonly string[];
  readonly compositeTypes: readonly string[];
  readonly functions: Readonly<Record<string, FunctionSpec>>;
};

/** payments.tier and subscriptions.tier name a plan: the foreign key the generator lists. */
const tierFkey = <Table extends string>(table: Table) =>
  ({
    name: `${table}_tier_fkey` as const,
    columns: ["tier"],
    references: "plans",
    referencedColumns: ["tier"],
    oneToOne: false,
  }) as const;

export const DATABASE_SCHEMA = {
  tables: {
    checkout_locks: {
      columns: { expires_at: ["timestamptz"], tier: ["text"], user_id: ["uuid"] },
      relationships: [],
    },
    help_articles: {
      columns: { content: ["text"], id: ["int8", "identity"], title: ["text"] },
      relationships: [],
    },
    payments: {
      columns: {
        amount_cents: ["int4"],
        card_last4: ["text", "nullable"],
        created_at: ["timestamptz", "default"],
        id: ["uuid", "default"],
        provider: ["text"],
        provider_reference: ["text", "nullable"],
        tier: ["text"],
        user_id: ["uuid"],
      },
      relationships: [tierFkey("payments")],
    },
    plans: {
      columns: { monthly_limit: ["int4"], name: ["text"], price_cents: ["int4"], tier: ["text"] },
      relationships: [],
    },
    rate_limit_hits: {
      columns: { bucket: ["text"], hits: ["int4"], user_id: ["uuid"], window_start: ["timestamptz"] },
      relationships: [],
    },
    subscriptions: {
      columns: { tier: ["text"], updated_at: ["timestamptz", "default"], user_id: ["uuid"] },
      relationships: [tierFkey("subscriptions")],
    },
    support_requests: {
      columns: {
        created_at: ["timestamptz", "default"],
        description: ["text"],
        id: ["uuid", "default"],
        type: ["text", "default"],
        user_id: ["uuid"],
      },
      relationships: [],
    },
    usage: {
      columns: {
        month: ["date"],
        updated_at: ["timestamptz", "default"],
        used: ["int4", "default"],
        user_id: ["uuid"],
      },
      relationships: [],
    },
    usage_reservations: {
      columns: {
        created_at: ["timestamptz"],
        expires_at: ["timestamptz"],
        id: ["uuid", "default"],
        month: ["date"],
        user_id: ["uuid"],
      },
      relationships: [],
    },
  },
  views: [],
  enums: [],
  compositeTypes: [],
  functions: {
    begin_checkout: {
      args: [
        ["p_user_id", "uuid"],
        ["p_tier", "text"],
        ["p_ttl_seconds", "int4", "default"],
        ["p_now", "timestamptz", "default"],
      ],
      returns: {
        table: [
          ["acquired", "bool"],
          ["current_tier", "text"],
          ["price_cents", "int4"],
        ],
      },
    },
    complete_checkout: {
      args: [
        ["p_user_id", "uuid"],
        ["p_tier", "text"],
        ["p_amount_cents", "int4"],
        ["p_card_last4", "text"],
        ["p_provider", "text"],
        ["p_provider_reference", "text", "default"],
      ],
      returns: {
        table: [
          ["tier", "text"],
          ["payment_id", "uuid"],
        ],
      },
    },
    end_checkout: { args: [["p_user_id", "uuid"]], returns: "void" },
    finish_conversion: {
      args: [
        ["p_reservation_id", "uuid"],
        ["p_count", "int4"],
        ["p_now", "timestamptz", "default"],
      ],
      returns: {
        table: [
          ["finished", "bool"],
          ["tier", "text"],
          ["monthly_limit", "int4"],
          ["used", "int4"],
          ["reserved", "int4"],
          ["remaining", "int4"],
        ],
      },
    },
    hit_rate_limit: {
      args: [
        ["p_user_id", "uuid"],
        ["p_bucket", "text"],
        ["p_max", "int4"],
        ["p_window_seconds", "int4"],
        ["p_now", "timestamptz", "default"],
      ],
      returns: {
        table: [
          ["allowed", "bool"],
          ["hits", "int4"],
          ["retry_after_ms", "int4"],
        ],
      },
    },
    reserve_conversion: {
      args: [
        ["p_user_id", "uuid"],
        ["p_ttl_seconds", "int4", "default"],
        ["p_rate_limits", "jsonb", "default"],
        ["p_now", "timestamptz", "default"],
      ],
      returns: {
        table: [
          ["reservation_id", "uuid"],
          ["tier", "text"],
          ["monthly_limit", "int4"],
          ["used", "int4"],
          ["reserved", "int4"],
          ["remaining", "int4"],
          ["retry_after_ms", "int4"],
        ],
      },
    },
    usage_month: { args: [["p_now", "timestamptz"]], returns: "date" },
    usage_status: {
      args: [
        ["p_user_id", "uuid"],
        ["p_now", "timestamptz", "default"],
      ],
      returns: {
        table: [
          ["tier", "text"],
          ["monthly_limit", "int4"],
          ["used", "int4"],
          ["reserved", "int4"],
          ["remaining", "int4"],
        ],
      },
    },
  },
} as const satisfies SchemaDescription;

// --- The compiler's check: the description, turned into the generator's types, is `Database` --------

type TsType<T extends PgType | "void"> = T extends "bool"
  ? boolean
  : T extends "int4" | "int8"
    ? number
    : T extends "jsonb"
      ? Json
      : T extends "void"
        ? undefined
        : string;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Value<C extends ColumnSpec> = TsType<C[0]> | ("nullable" extends C[number] ? null : never);
type Optional<C extends ColumnSpec> = [Extract<C[number], Flag>] extends [never] ? false : true;
type Writable<C extends ColumnSpec> = "identity" extends C[number] ? never : Value<C>;

type Table<T extends TableSpec> = {
  Row: { -readonly [K in keyof T["columns"]]: Value<T["columns"][K]> };
  Insert: Simplify<
    {
      -readonly [K in keyof T["columns"] as Optional<T["columns"][K]> extends true ? never : K]: Value<
        T["columns"][K]
      >;
    } & {
      -readonly [K in keyof T["columns"] as Optional<T["columns"][K]> extends true ? K : never]?: Writable<
        T["columns"][K]
      >;
    }
  >;
  Update: { -readonly [K in keyof T["columns"]]?: Writable<T["columns"][K]> };
  Relationships: Relationships<T["relationships"]>;
};

type Relationships<Rs> = { -readonly [I in keyof Rs]: Relationship<Rs[I]> };

type Relationship<R> = R extends RelationshipSpec
  ? {
      foreignKeyName: R["name"];
      columns: Mutable<R["columns"]>;
      isOneToOne: R["oneToOne"];
      referencedRelation: R["references"];
      referencedColumns: Mutable<R["referencedColumns"]>;
    }
  : never;

type Args<A extends readonly ArgSpec[]> = Simplify<
  { [E in A[number] as "default" extends E[number] ? never : E[0]]: TsType<E[1]> } & {
    [E in A[number] as "default" extends E[number] ? E[0] : never]?: TsType<E[1]>;
  }
>;
type Returns<R extends FunctionSpec["returns"]> = R extends { table: infer Columns }
  ? Columns extends readonly (readonly [string, PgType])[]
    ? Simplify<{ [E in Columns[number] as E[0]]: TsType<E[1]> }>[]
    : never
  : R extends PgType | "void"
    ? TsType<R>
    : never;

type Described = typeof DATABASE_SCHEMA;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Mismatched<Actual, Expected> = {
  [K in keyof Actual | keyof Expected]: K extends keyof Actual
    ? K extends keyof Expected
      ? Equal<Actual[K], Expected[K]> extends true
        ? never
        : K
      : K
    : K;
}[keyof Actual | keyof Expected];
/** Compiles only when nothing is named: a name here is a table or function the two disagree about. */
type NoneOf<Names extends never> = Names;

export type DescribedTablesMatchTheType = NoneOf<
  Mismatched<
    Database["public"]["Tables"],
    { [Name in keyof Described["tables"]]: Table<Described["tables"][Name]> }
  >
>;
export type DescribedFunctionsMatchTheType = NoneOf<
  Mismatched<
    Database["public"]["Functions"],
    {
      [Name in keyof Described["functions"]]: {
        Args: Args<Described["functions"][Name]["args"]>;
        Returns: Returns<Described["functions"][Name]["returns"]>;
      };
    }
  >
>;
export type DescribedOthersAreNone = NoneOf<
  | (Described["views"][number] | keyof Database["public"]["Views"])
  | (Described["enums"][number] | keyof Database["public"]["Enums"])
  | (Described["compositeTypes"][number] | keyof Database["public"]["CompositeTypes"])
>;
