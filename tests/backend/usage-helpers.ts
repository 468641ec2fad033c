/// <reference types="node" />
// What the conversion-count tests share: the SQL functions of the plans and the monthly count called
// as the api/ handlers call them (the secret key, service_role), with the clock moved through p_now.
import { createServiceClient, type TestUser } from "./helpers";

export type Status = {
  tier: string;
  monthly_limit: number;
  used: number;
  reserved: number;
  remaining: number;
};
export type Reserved = Status & { reservation_id: string | null; retry_after_ms: number | null };
export type Finished = Status & { finished: boolean };

// Untyped on purpose, one door: these tests call the functions by name with what the generated types
// forbid (null for no card, values the functions refuse) and read the nulls those types leave out.
export type Rpc = (
  fn: string,
  args: Record<string, unknown>,
) => PromiseLike<{ data: unknown; error: { code?: string; message: string } | null }>;
export const service = () => {
  const client = createServiceClient();
  return client.rpc.bind(client) as unknown as Rpc;
};

export async function rpc<T>(fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await service()(fn, args);
  if (error) throw new Error(`${fn}: ${error.code} ${error.message}`);
  return (data as T[])[0];
}

export const NOV = "2026-11-15T12:00:00Z";
export const at = (iso: string, seconds = 0) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

export const reserve = (user: TestUser, now = NOV, ttl = 300) =>
  rpc<Reserved>("reserve_conversion", { p_user_id: user.user.id, p_ttl_seconds: ttl, p_now: now });
export const finish = (id: string, count: number, now = NOV) =>
  rpc<Finished>("finish_conversion", { p_reservation_id: id, p_count: count, p_now: now });
export const status = (user: TestUser, now = NOV) =>
  rpc<Status>("usage_status", { p_user_id: user.user.id, p_now: now });
export const setTier = (user: TestUser, tier: string) =>
  rpc<{ tier: string }>("complete_checkout", {
    p_user_id: user.user.id,
    p_tier: tier,
    p_amount_cents: 0,
    p_card_last4: null,
    p_provider: "test",
  });

export async function useUp(user: TestUser, count: number, now = NOV) {
  for (let i = 0; i < count; i += 1) {
    const reserved = await reserve(user, now);
    expect(reserved.reservation_id).not.toBeNull();
    await finish(reserved.reservation_id!, 1, now);
  }
}
