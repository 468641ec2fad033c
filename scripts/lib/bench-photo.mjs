// The phone photo the image benchmarks feed the app (the repository's 12 MP test fixture), and their
// `--file` option to use another one.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { root } from "./app-server.mjs";

export const PHOTO_FIXTURE = path.join(root, "tests/fixtures/images/photo-12mp.jpg");

/**
 * The command line parsed with `options` plus `--file` (default: the fixture): `{ args, photoPath }`.
 * Exits with code 2 when there is no file at that path.
 */
export function parsePhotoArgs(options) {
  const { values: args } = parseArgs({
    options: { ...options, file: { type: "string", default: PHOTO_FIXTURE } },
  });
  const photoPath = path.resolve(args.file);
  if (!fs.existsSync(photoPath)) {
    console.error(`No photo at ${photoPath} (pass --file).`);
    process.exit(2);
  }
  return { args, photoPath };
}
