/** Every route of the app (SPEC 2.1). Links and the route table use these, never string literals. */
export const paths = {
  home: "/",
  auth: "/auth",
  pricing: "/pricing",
  help: "/help",
  documentation: "/documentation",
  payment: "/payment",
  batch: "/batch-processing",
  hulk: "/hulk",
  muppet: "/muppet",
  frog: "/frog",
  simpsons: "/simpsons",
  gta: "/gta",
  familyGuy: "/family-guy",
  skeleton: "/skeleton",
  animator: "/animator",
  art: "/create-art",
  scene: "/create-nft",
  poetry: "/visual-poetry",
  celebrations: "/celebrations",
  creations: "/creations",
  /** Photos shared into the app or opened with it: the chooser of a tool (issue 18). */
  share: "/share",
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The external photo-sharing site named in the sidebar, the login page and the Explore dialog. */
export const externalLinks = {
  sharePhotos: { label: "Share Photos", href: "https://www.flickr.com/" },
  pdfTool: { label: "PDF & Slides", href: "https://www.ilovepdf.com/" },
  invoices: { label: "Invoices", href: "https://invoice-generator.com/" },
} as const;

/** Where a visitor sent to /auth came from, so sign-in can take them back. */
export type AuthRedirectState = { from?: { pathname: string; search?: string; hash?: string } };
