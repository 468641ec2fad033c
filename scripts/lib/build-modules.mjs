// What a built chunk holds, read from its source map, for the first-load budget check: the source modules
// (src/ paths and packages) with their share of the chunk, and a name for the chunk that survives a
// rebuild. A build keeps its maps outside its folder, in .sourcemaps/<build folder's name>/
// (server/security/plugin.ts), so they are never served or deployed.
import fs from "node:fs";
import path from "node:path";
import { root } from "./app-server.mjs";

/** Where the build in `outDir` keeps its source maps (server/security/plugin.ts SOURCEMAP_DIR). */
export function sourceMapDir(outDir) {
  return path.join(root, ".sourcemaps", path.basename(path.resolve(root, outDir)));
}

/** `assets/index-D5Uwa1ea.js` -> `index.js`: a chunk's name across builds (its hash changes). */
export function chunkName(file) {
  return path.basename(file).replace(/-[\w-]{8}(\.\w+)$/, "$1");
}

/** A package name or a src/ path, so a reader sees what a chunk holds. */
function moduleLabel(source) {
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return pkg ? pkg[1] : source;
}

/** The modules of the build in `outDir`, one reader per build (each map is read once). */
export function buildModules(outDir) {
  const maps = sourceMapDir(outDir);
  const cache = new Map();

  /** Whether `file` (a path in the build, `assets/x.js`) has a source map. */
  const hasMap = (file) => fs.existsSync(path.join(maps, file + ".map"));

  /** The source modules of a built file, with their share of its minified size; [] without a map. */
  const modulesOf = (file) => {
    if (cache.has(file)) return cache.get(file);
    let modules = [];
    const mapPath = path.join(maps, file + ".map");
    if (fs.existsSync(mapPath)) {
      const map = JSON.parse(fs.readFileSync(mapPath, "utf8"));
      const total = map.sourcesContent?.reduce((sum, s) => sum + (s?.length ?? 0), 0) || 1;
      // The sources are relative to where the map was written: next to the file in the build folder.
      const base = path.resolve(
        path.dirname(path.join(path.resolve(root, outDir), file)),
        map.sourceRoot ?? "",
      );
      modules = map.sources.map((source, i) => ({
        source: path.relative(root, path.resolve(base, source)).split(path.sep).join("/"),
        share: (map.sourcesContent?.[i]?.length ?? 0) / total,
      }));
    }
    cache.set(file, modules);
    return modules;
  };

  /** The `count` largest packages or src/ files of a built file. */
  const topModules = (file, count = 4) => {
    const byLabel = new Map();
    for (const { source, share } of modulesOf(file)) {
      const label = moduleLabel(source);
      byLabel.set(label, (byLabel.get(label) ?? 0) + share);
    }
    return [...byLabel.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([label]) => label);
  };

  /** A chunk's identity across builds: its name without the hash, and its largest package or file. */
  const chunkKey = (file) => {
    const [main] = topModules(file, 1);
    return main ? `${chunkName(file)} (${main})` : chunkName(file);
  };

  return { hasMap, modulesOf, topModules, chunkKey };
}
