export function e2eBuildDir(mode: "client" | "hosted"): string;
