/**
 * What the style tools' tests share: signing in on a plan, opening a style's page, uploading a photo,
 * and the styles the failure tests use.
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TierId } from "@/config/tiers";
import { VARIANTS, type Variant } from "@/config/variants";
import { renderApp } from "../utils";
import { fixtureFile, signedIn as signIn } from "./tool-kit";

/** Signed in on `tier` (null: Freemium) with `used` conversions this month. */
export const signedIn = (tier: TierId | null = null, used = 0) => signIn({ tier, used });

export async function openPage(variant: Variant) {
  const view = renderApp(variant.path);
  await screen.findByRole("heading", { level: 1, name: variant.title });
  return view;
}

export async function upload(file = fixtureFile("portrait-astronaut.png")) {
  const input = await screen.findByTestId("file-input");
  await userEvent.setup().upload(input, file);
}

export const resultName = (v: Variant) => (v.layout === "skeleton" ? "Skeleton" : "Modified");

export const hulk = VARIANTS.find((v) => v.id === "hulk")!;
export const frog = VARIANTS.find((v) => v.id === "frog")!;
