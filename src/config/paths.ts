/**
 * The app's own routes (SPEC 2.1). Links and the route table use these, never string literals; each
 * tool's route is in its descriptor (src/tools/registry.ts: `getTool(id).path`).
 */
export const paths = {
  home: "/",
  auth: "/auth",
  pricing: "/pricing",
  help: "/help",
  documentation: "/documentation",
  payment: "/payment",
  creations: "/creations",
  /** Photos shared into the app or opened with it: the chooser of a tool (issue 18). */
  share: "/share",
} as const;

/** A route of the app: one of `paths`, or a tool's. */
export type AppPath = (typeof paths)[keyof typeof paths] | `/${string}`;

/** The external photo-sharing site named in the sidebar, the login page and the Explore dialog. */
export const externalLinks = {
  sharePhotos: { label: "Share Photos", href: "https://www.flickr.com/" },
  pdfTool: { label: "PDF & Slides", href: "https://www.ilovepdf.com/" },
  invoices: { label: "Invoices", href: "https://invoice-generator.com/" },
} as const;

/** Where a visitor sent to /auth came from, so sign-in can take them back. */
export type AuthRedirectState = { from?: { pathname: string; search?: string; hash?: string } };
