// Test and benchmark set-up: put a signed-in user on a plan the way the payment page does, through
// POST /api/checkout with the demo card (the only way a plan changes; the simulated check takes 1.5 s).
// Used by e2e/backend.ts and scripts/bench-batch.mjs.

/** The demo card of the payment page, with an expiry two years ahead. */
export function demoCard() {
  const year = String((new Date().getFullYear() + 2) % 100).padStart(2, "0");
  return { number: "4242 4242 4242 4242", expiry: `12/${year}`, cvc: "123", name: "Test Shopper" };
}

/** Moves the user whose session `accessToken` is onto `tier`; throws with the server's answer if refused. */
export async function subscribe(origin, accessToken, tier) {
  const response = await fetch(`${origin}/api/checkout`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify(tier === "Freemium" ? { tier } : { tier, card: demoCard() }),
  });
  if (!response.ok)
    throw new Error(`Checkout to ${tier} answered ${response.status}: ${await response.text()}`);
}
