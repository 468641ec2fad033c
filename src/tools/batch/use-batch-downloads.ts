/** The batch's downloads: result names derived from the originals, one image, or every result as a ZIP. */
import { useCallback, useMemo, useState } from "react";
import { toast } from "sonner";
import { getTool } from "@/tools/registry";
import { downloadImage } from "@/lib/image";
import { BATCH_TOASTS } from "./batch-copy";
import { resultFileName, zipResults } from "./batch-image";
import type { BatchItem } from "./batch-state";

export function useBatchDownloads(items: readonly BatchItem[]) {
  /** Result names derived from the originals, unique in the batch, in grid order. */
  const names = useMemo(() => {
    const taken = new Set<string>();
    const out = new Map<string, string>();
    for (const item of items) {
      if (item.result)
        out.set(item.id, resultFileName(item.file.name, item.result.mimeType, taken, item.result.output));
    }
    return out;
  }, [items]);

  const download = useCallback(
    (id: string) => {
      const item = items.find((i) => i.id === id);
      const name = names.get(id);
      if (item?.result && name) downloadImage(item.result.blob, name);
    },
    [items, names],
  );

  const [zipping, setZipping] = useState(false);
  const downloadAll = useCallback(async () => {
    const files = items.flatMap((item) =>
      item.result ? [{ name: names.get(item.id)!, blob: item.result.blob }] : [],
    );
    if (files.length === 0 || zipping) return;
    setZipping(true);
    try {
      downloadImage(await zipResults(files), getTool("batch").downloadName);
    } catch {
      toast.error(BATCH_TOASTS.zipFailed);
    } finally {
      setZipping(false);
    }
  }, [items, names, zipping]);

  return { names, download, downloadAll, zipping };
}
