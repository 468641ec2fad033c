/** The route table: which path shows which page, and which need login or the tier gate. */
import { Outlet, type RouteObject } from "react-router-dom";
import { paths } from "@/config/paths";
import { HOME_TOOL, gatedTools, type ToolEntry } from "@/tools/registry";
import { AppShell } from "./app-shell";
import { RouteGuard } from "./route-guard";
import { TierGate } from "./tier-gate";
import { RouteError } from "./route-error";
import { PageLoading } from "./page-loading";

function toolRoute(tool: ToolEntry): RouteObject {
  return { path: tool.path, lazy: async () => ({ element: await tool.page() }) };
}

/**
 * The route table of SPEC 2.1. Public: /pricing, /auth, /help, /documentation and unknown paths.
 * Login required: /, /creations, /share and /payment. Login plus the tier gate: every tool route.
 */
export function appRoutes(): RouteObject[] {
  return [
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
                    toolRoute(HOME_TOOL),
                    {
                      // My Creations: login required, no tier gate (looking at old results costs nothing).
                      path: paths.creations,
                      lazy: async () => ({
                        Component: (await import("@/features/creations/creations-page")).CreationsPage,
                      }),
                    },
                    {
                      // The share chooser: login required, no tier gate (each tool keeps its own).
                      path: paths.share,
                      lazy: async () => ({
                        Component: (await import("@/features/share/share-page")).SharePage,
                      }),
                    },
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
                      children: gatedTools().map(toolRoute),
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
}
