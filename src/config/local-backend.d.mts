/** Types of local-backend.mjs (see there). */
export declare const LOCAL_PUBLISHABLE_KEY: "sb_publishable_local_restyle_ai_dev_only";
