/**
 * The same schema as src/config/database.types.ts, as data a test can read: every table's columns
 * (Postgres type and flags), foreign keys within the schema, and every function's arguments and result.
 * tests/backend/database-types.test.ts compares it with the migrated database's catalog, and the
 * compiler compares it with the `Database` type (database.schema-check.ts), so a migration that adds or
 * changes a column, without the type following, fails one or the other.
 *
 * Column flags: "nullable" (no NOT NULL), "default" (has a default, or is an identity BY DEFAULT) and
 * "identity" (GENERATED ALWAYS AS IDENTITY: never written by a client). An argument's "default" flag:
 * it may be left out.
 */

export type PgType = "bool" | "date" | "int4" | "int8" | "jsonb" | "text" | "timestamptz" | "uuid";
export type Flag = "nullable" | "default" | "identity";
export type ColumnSpec = readonly [PgType, ...Flag[]];
export type ArgSpec = readonly [string, PgType, ..."default"[]];
export type RelationshipSpec = {
  readonly name: string;
  readonly columns: readonly string[];
  readonly references: string;
  readonly referencedColumns: readonly string[];
  readonly oneToOne: boolean;
};
export type TableSpec = {
  readonly columns: Readonly<Record<string, ColumnSpec>>;
  readonly relationships: readonly RelationshipSpec[];
};
export type FunctionSpec = {
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
