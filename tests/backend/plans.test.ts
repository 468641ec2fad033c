/// <reference types="node" />
// One source of truth, two copies that must agree: each plan's name, price and monthly limit in
// src/config/tiers.ts (what the pages show and the client-mode meter uses) and in the database's
// `plans` table (what the server counts against in hosted mode).
import { TIERS } from "../../src/config/tiers";
import { createAnonClient } from "./helpers";

it("holds the same plans as src/config/tiers.ts, readable by anyone", async () => {
  const { data, error } = await createAnonClient()
    .from("plans")
    .select("tier, name, price_cents, monthly_limit")
    .order("price_cents");
  expect(error).toBeNull();
  expect(data).toEqual(
    TIERS.map((tier) => ({
      tier: tier.id,
      name: tier.name,
      price_cents: Math.round(tier.price * 100),
      monthly_limit: tier.limit,
    })),
  );
});
