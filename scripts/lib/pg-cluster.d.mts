export const DATABASE: string;
export const OWNER: string;
export function postgresBin(): string;
export function freePort(): Promise<number>;
export type Cluster = {
  dir: string;
  port: number;
  /** The database owner's connection string (not a superuser), as DATABASE_URL takes it. */
  url: string;
  superuserUrl: string;
  /** Stops the server and deletes its folder. */
  stop(): void;
};
export function startCluster(options?: { settings?: Record<string, string> }): Promise<Cluster>;
