/**
 * Shape and Size of the next change (components/output-options.tsx), fetched by scene-page.tsx with the
 * form, once there is a picture to change: the empty page's first load is the upload.
 */
export { OutputOptions } from "@/components/output-options";
