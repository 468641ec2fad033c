export const HOSTED_SERVER_KEY: string;
export function e2ePort(mode: "client" | "hosted"): number;
export function e2eServerEnv(mode: "client" | "hosted"): Record<string, string>;
export function e2eServersStarted(): boolean;
