/**
 * The versions of a photo for a page: the group a creation belongs to, read through the data cache
 * (versionsQuery), and on a tool the version chosen there, so a reload brings back the photo, its strip
 * and the version that was on screen.
 */
import { useCallback, useSyncExternalStore } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ToolId } from "@/tools/registry";
import { useUser } from "@/lib/auth";
import { parseChosen, readChosen } from "./chosen";
import { chosenStore, setChosenVersion } from "./choose";
import { versionsQuery } from "./list-queries";
import type { ChosenVersion, CreationRecord, VersionGroup } from "./types";
import { useLastCreation } from "./use-kept-creation";

/** The versions of `photo` (a creation's `photo`) for the signed-in user; null while loading or without one. */
export function useVersions(photo: string | null | undefined): VersionGroup | null {
  const userId = useUser()?.id;
  const versions = useQuery({
    ...versionsQuery(userId ?? "", photo ?? ""),
    enabled: Boolean(userId && photo),
  });
  return versions.data ?? null;
}

/** The version chosen on `tool` by the signed-in user, kept in step with every change to it. */
export function useChosenVersion(tool: ToolId): ChosenVersion | null {
  const userId = useUser()?.id;
  const raw = useSyncExternalStore(
    chosenStore.subscribe,
    () => (userId ? readChosen(userId, tool) : null),
    () => null,
  );
  return parseChosen(raw);
}

export type ToolVersions = {
  /** The group on screen: the chosen version's, else the tool's newest creation's. */
  photo: string | null;
  /** Its versions, oldest first, and the photo they were made from. */
  group: VersionGroup | null;
  /** The version shown: the chosen one while it is still there, else the group's newest. */
  current: CreationRecord | null;
  /** Chooses another version of the group (a strip's pick); remembered across reloads. */
  choose: (id: string) => void;
};

/**
 * What a tool page's strip of versions needs after a reload: the photo it was on, its versions, and the
 * version chosen. A chosen group whose versions were all deleted gives way to the tool's newest.
 */
export function useToolVersions(tool: ToolId): ToolVersions {
  const userId = useUser()?.id;
  const chosen = useChosenVersion(tool);
  const last = useLastCreation(tool).record;
  const chosenGroup = useVersions(chosen?.photo);
  const chosenGone = chosenGroup !== null && chosenGroup.versions.length === 0;
  const photo = (chosenGone ? null : chosen?.photo) ?? last?.photo ?? null;
  const group = useVersions(photo);
  const versions = group?.versions ?? [];
  const current = versions.find((record) => record.id === chosen?.id) ?? versions.at(-1) ?? null;
  const choose = useCallback(
    (id: string) => {
      if (userId && photo) setChosenVersion(userId, tool, { photo, id });
    },
    [photo, tool, userId],
  );
  return { photo, group, current, choose };
}
