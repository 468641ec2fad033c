/** Which page each tool id opens, each loaded only when its route is. */
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
  batch: async () => {
    const { BatchPage } = await import("@/features/batch/batch-page");
    return <BatchPage />;
  },
  animator: async () => {
    const { AnimatorPage } = await import("@/features/animator/animator-page");
    return <AnimatorPage />;
  },
  art: async () => {
    const { ArtPage } = await import("@/features/art/art-page");
    return <ArtPage />;
  },
  scene: async () => {
    const { ScenePage } = await import("@/features/scene/scene-page");
    return <ScenePage />;
  },
  poetry: async () => {
    const { PoetryPage } = await import("@/features/poetry/poetry-page");
    return <PoetryPage />;
  },
  celebrations: async () => {
    const { CelebrationPage } = await import("@/features/celebrations/celebration-page");
    return <CelebrationPage />;
  },
};
