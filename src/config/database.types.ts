/**
 * The database's schema as TypeScript types (supabase/migrations), in the shape `supabase gen types
 * typescript` emits: per table Row / Insert / Update / Relationships, per function Args / Returns, and the
 * Views, Enums and CompositeTypes sections (none here). Tables, columns and functions are in the
 * generator's order (by name; a function's arguments and result columns as declared). Shared by the
 * browser client (src/lib/supabase-client.ts) and the api/ handlers (api/_lib/supabase.ts).
 *
 * After a migration, regenerate it (`supabase gen types typescript --local`) or edit it by hand, and
 * update src/config/database.schema.ts with it: the compiler checks that the two agree
 * (database.schema-check.ts), and tests/backend/database-types.test.ts checks the schema description
 * against the migrated database.
 *
 * As the generator does: a `text` column with a check constraint is `string` (the plans' names are
 * narrowed where they are read), a function's arguments are never `null`, and the columns of a
 * `returns table` are never `null` even where the function answers one (api/_lib/usage.ts says which).
 */
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      checkout_locks: {
        Row: { expires_at: string; tier: string; user_id: string };
        Insert: { expires_at: string; tier: string; user_id: string };
        Update: { expires_at?: string; tier?: string; user_id?: string };
        Relationships: [];
      };
      help_articles: {
        Row: { content: string; id: number; title: string };
        Insert: { content: string; id?: never; title: string };
        Update: { content?: string; id?: never; title?: string };
        Relationships: [];
      };
      payments: {
        Row: {
          amount_cents: number;
          card_last4: string | null;
          created_at: string;
          id: string;
          provider: string;
          provider_reference: string | null;
          tier: string;
          user_id: string;
        };
        Insert: {
          amount_cents: number;
          card_last4?: string | null;
          created_at?: string;
          id?: string;
          provider: string;
          provider_reference?: string | null;
          tier: string;
          user_id: string;
        };
        Update: {
          amount_cents?: number;
          card_last4?: string | null;
          created_at?: string;
          id?: string;
          provider?: string;
          provider_reference?: string | null;
          tier?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: "payments_tier_fkey";
            columns: ["tier"];
            isOneToOne: false;
            referencedRelation: "plans";
            referencedColumns: ["tier"];
          },
        ];
      };
      plans: {
        Row: { monthly_limit: number; name: string; price_cents: number; tier: string };
        Insert: { monthly_limit: number; name: string; price_cents: number; tier: string };
        Update: { monthly_limit?: number; name?: string; price_cents?: number; tier?: string };
        Relationships: [];
      };
      rate_limit_hits: {
        Row: { bucket: string; hits: number; user_id: string; window_start: string };
        Insert: { bucket: string; hits: number; user_id: string; window_start: string };
        Update: { bucket?: string; hits?: number; user_id?: string; window_start?: string };
        Relationships: [];
      };
      subscriptions: {
        Row: { tier: string; updated_at: string; user_id: string };
        Insert: { tier: string; updated_at?: string; user_id: string };
        Update: { tier?: string; updated_at?: string; user_id?: string };
        Relationships: [
          {
            foreignKeyName: "subscriptions_tier_fkey";
            columns: ["tier"];
            isOneToOne: false;
            referencedRelation: "plans";
            referencedColumns: ["tier"];
          },
        ];
      };
      support_requests: {
        Row: { created_at: string; description: string; id: string; type: string; user_id: string };
        Insert: { created_at?: string; description: string; id?: string; type?: string; user_id: string };
        Update: { created_at?: string; description?: string; id?: string; type?: string; user_id?: string };
        Relationships: [];
      };
      usage: {
        Row: { month: string; updated_at: string; used: number; user_id: string };
        Insert: { month: string; updated_at?: string; used?: number; user_id: string };
        Update: { month?: string; updated_at?: string; used?: number; user_id?: string };
        Relationships: [];
      };
      usage_reservations: {
        Row: { created_at: string; expires_at: string; id: string; month: string; user_id: string };
        Insert: { created_at: string; expires_at: string; id?: string; month: string; user_id: string };
        Update: { created_at?: string; expires_at?: string; id?: string; month?: string; user_id?: string };
        Relationships: [];
      };
    };
    Views: { [_ in never]: never };
    Functions: {
      begin_checkout: {
        Args: { p_user_id: string; p_tier: string; p_ttl_seconds?: number; p_now?: string };
        Returns: { acquired: boolean; current_tier: string; price_cents: number }[];
      };
      complete_checkout: {
        Args: {
          p_user_id: string;
          p_tier: string;
          p_amount_cents: number;
          p_card_last4: string;
          p_provider: string;
          p_provider_reference?: string;
        };
        Returns: { tier: string; payment_id: string }[];
      };
      end_checkout: { Args: { p_user_id: string }; Returns: undefined };
      finish_conversion: {
        Args: { p_reservation_id: string; p_count: number; p_now?: string };
        Returns: {
          finished: boolean;
          tier: string;
          monthly_limit: number;
          used: number;
          reserved: number;
          remaining: number;
        }[];
      };
      hit_rate_limit: {
        Args: {
          p_user_id: string;
          p_bucket: string;
          p_max: number;
          p_window_seconds: number;
          p_now?: string;
        };
        Returns: { allowed: boolean; hits: number; retry_after_ms: number }[];
      };
      reserve_conversion: {
        Args: { p_user_id: string; p_ttl_seconds?: number; p_rate_limits?: Json; p_now?: string };
        Returns: {
          reservation_id: string;
          tier: string;
          monthly_limit: number;
          used: number;
          reserved: number;
          remaining: number;
          retry_after_ms: number;
        }[];
      };
      usage_month: { Args: { p_now: string }; Returns: string };
      usage_status: {
        Args: { p_user_id: string; p_now?: string };
        Returns: { tier: string; monthly_limit: number; used: number; reserved: number; remaining: number }[];
      };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};

type PublicSchema = Database["public"];

/** A table's row, as `.select("*")` answers it (the generator's helper, for the public schema). */
export type Tables<Name extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][Name]["Row"];

/** What `.insert()` takes for a table. */
export type TablesInsert<Name extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][Name]["Insert"];

/** What `.update()` takes for a table. */
export type TablesUpdate<Name extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][Name]["Update"];
