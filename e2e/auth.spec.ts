/**
 * Signing up, in and out end to end: the return to the page asked for, a wrong password, and the
 * not-found page.
 */
import { expect, test } from "./fixtures";
import { logIn, logOut, signUp, signUpThroughForm, uniqueEmail } from "./helpers";

test("a new visitor signs up, stays signed in across a reload, and signs out", async ({ page }) => {
  const email = uniqueEmail("signup");
  await signUpThroughForm(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Cucumber.AI", level: 1 })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Cucumber.AI", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menu")).toContainText(email);
  await page.keyboard.press("Escape");

  await logOut(page);
  await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
  await page.goto("/");
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
});

test("an anonymous visit to /hulk shows the login screen and returns to /hulk after signing in", async ({
  page,
}) => {
  const email = uniqueEmail("hulk");
  await signUp(page, email);
  await logOut(page);

  await page.goto("/hulk");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fhulk$/);
  await logIn(page, email);
  await expect(page.getByText("Logged in!")).toBeVisible();
  await expect(page).toHaveURL(/\/hulk$/);
  await expect(page.getByRole("heading", { name: "Hulk.AI", level: 1 })).toBeVisible();
});

test("a wrong password shows the provider's message and keeps the visitor on the login page", async ({
  page,
}) => {
  const email = uniqueEmail("wrongpw");
  await signUp(page, email);
  await logOut(page);

  await logIn(page, email, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid login credentials");
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByLabel("Email")).toHaveValue(email);
});

test("an unknown path shows the not-found page with its three ways out", async ({ page }) => {
  await page.goto("/this/page/does-not-exist");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(
    page.getByText(
      "The page you are looking for might have been removed, had its name changed, or is temporarily unavailable.",
    ),
  ).toBeVisible();
  await page.getByRole("link", { name: "Help Center" }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole("heading", { name: "Help Center", level: 1 })).toBeVisible();
});
