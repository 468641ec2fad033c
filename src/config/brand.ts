/** The product's brand (SPEC: "Try Cucumber.AI"; the cucumber download is `${BRAND_SLUG}-edition.png`). */
export const BRAND_NAME = "Cucumber.AI";
export const BRAND_SLUG = "cucumber-ai";
