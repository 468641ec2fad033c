export function demoCard(): { number: string; expiry: string; cvc: string; name: string };
export function subscribe(origin: string, accessToken: string, tier: string): Promise<void>;
