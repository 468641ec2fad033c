import type { ReactElement } from "react";
import type { ToolId } from "@/config/tools";
import type { VariantId } from "@/config/variants";

/** A tool's page, loaded only when its route is opened. */
type LazyPage = () => Promise<ReactElement>;

/** The eight style tools share the conversion page, driven by their row of the variant table. */
function conversion(variantId: VariantId): LazyPage {
  return async () => {
    const { ConversionPage } = await import("@/features/conversion/conversion-page");
    return <ConversionPage key={variantId} variantId={variantId} />;
  };
}

/** A tool not built yet. */
function upcoming(title: string, description: string): LazyPage {
  return async () => {
    const { UpcomingPage } = await import("@/pages/upcoming-page");
    return <UpcomingPage title={title} description={description} />;
  };
}

/**
 * THE tool registry's pages: every tool id names its page here. The record is typed by ToolId, so a
 * tool added to config/tools.ts without a page is a compile error.
 */
export const TOOL_PAGES: Record<ToolId, LazyPage> = {
  cucumber: conversion("cucumber"),
  hulk: conversion("hulk"),
  muppet: conversion("muppet"),
  frog: conversion("frog"),
  simpsons: conversion("simpsons"),
  gta: conversion("gta"),
  "family-guy": conversion("family-guy"),
  skeleton: conversion("skeleton"),
  batch: upcoming("Batch Image Processing", "Apply one instruction to many images at once."),
  animator: async () => {
    const { AnimatorPage } = await import("@/features/animator/animator-page");
    return <AnimatorPage />;
  },
  art: upcoming("Art Enhancer", "Upload or draw a picture and get a refined version of it."),
  scene: async () => {
    const { ScenePage } = await import("@/features/scene/scene-page");
    return <ScenePage />;
  },
  poetry: upcoming("Visual Poetry", "Get a colourful poem about your picture."),
  celebrations: upcoming(
    "Celebration Creator",
    "A festive image for a birthday, wedding, graduation and more.",
  ),
};
