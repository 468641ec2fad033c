import { Outlet, type RouteObject } from "react-router-dom";
import { paths } from "@/config/paths";
import { TOOL_ROUTES, type ToolEntry } from "@/config/tools";
import type { VariantId } from "@/config/variants";
import { AppShell } from "./app-shell";
import { RouteGuard } from "./route-guard";
import { TierGate } from "./tier-gate";
import { RouteError } from "./route-error";
import { PageLoading } from "./page-loading";

/** A page not built yet: lazily loaded like every other route. */
function upcoming(title: string, description: string): RouteObject["lazy"] {
  return async () => {
    const { UpcomingPage } = await import("@/pages/upcoming-page");
    return { element: <UpcomingPage title={title} description={description} /> };
  };
}

/** A style tool: the one conversion page, driven by its row of the variant table. */
function conversion(variantId: VariantId): RouteObject["lazy"] {
  return async () => {
    const { ConversionPage } = await import("@/features/conversion/conversion-page");
    return { element: <ConversionPage key={variantId} variantId={variantId} /> };
  };
}

function toolRoute(tool: ToolEntry): RouteObject {
  return {
    path: tool.path,
    lazy: tool.variant ? conversion(tool.variant) : upcoming(tool.title, tool.description),
  };
}

/**
 * The route table of SPEC 2.1. Public: /pricing, /auth, /help, /documentation and unknown paths.
 * Login required: / and /payment. Login plus the tier gate: every tool route.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        path: paths.auth,
        lazy: async () => ({ Component: (await import("@/features/auth/auth-page")).AuthPage }),
      },
      {
        element: <AppShell />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              {
                path: paths.pricing,
                lazy: async () => ({
                  Component: (await import("@/features/billing/pricing-page")).PricingPage,
                }),
              },
              {
                path: paths.help,
                lazy: async () => ({ Component: (await import("@/features/help/help-page")).HelpPage }),
              },
              {
                path: paths.documentation,
                lazy: async () => ({
                  Component: (await import("@/features/help/documentation-page")).DocumentationPage,
                }),
              },
              {
                element: (
                  <RouteGuard>
                    <Outlet />
                  </RouteGuard>
                ),
                children: [
                  { path: paths.home, lazy: conversion("cucumber") },
                  {
                    path: paths.payment,
                    lazy: async () => ({
                      Component: (await import("@/features/billing/payment-page")).PaymentPage,
                    }),
                  },
                  {
                    element: (
                      <TierGate>
                        <Outlet />
                      </TierGate>
                    ),
                    children: TOOL_ROUTES.map(toolRoute),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: "*",
        lazy: async () => ({ Component: (await import("@/pages/not-found-page")).NotFoundPage }),
      },
    ],
  },
];
