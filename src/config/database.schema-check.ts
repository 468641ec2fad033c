/**
 * The compiler's check that the schema description (database.schema.ts), turned into the types
 * `supabase gen types typescript` would emit for it, is exactly the `Database` type
 * (database.types.ts). A table or function the two disagree about fails to compile, named in the error.
 */
import type { Database, Json } from "./database.types";
import type {
  ArgSpec,
  ColumnSpec,
  DATABASE_SCHEMA,
  Flag,
  FunctionSpec,
  PgType,
  RelationshipSpec,
  TableSpec,
} from "./database.schema";

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
