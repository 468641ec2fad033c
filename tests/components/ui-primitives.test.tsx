import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

describe("Button", () => {
  it.each(["default", "destructive", "outline", "secondary", "ghost", "link"] as const)(
    "renders the %s variant as a button",
    (variant) => {
      render(<Button variant={variant}>Go</Button>);
      const button = screen.getByRole("button", { name: "Go" });
      expect(button).toHaveAttribute("data-variant", variant);
      expect(button.tagName).toBe("BUTTON");
    },
  );

  it("applies sizes and merges classes", () => {
    render(
      <Button size="icon" aria-label="Close" className="size-7">
        x
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Close" });
    expect(button).toHaveAttribute("data-size", "icon");
    expect(button).toHaveClass("size-7");
    expect(button).not.toHaveClass("size-9");
  });

  it("renders its child with asChild", () => {
    render(
      <Button asChild variant="link">
        <a href="/pricing">Pricing</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Pricing" });
    expect(link).toHaveAttribute("href", "/pricing");
    expect(link).toHaveAttribute("data-slot", "button");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("Spinner", () => {
  it("is a status labelled Loading by default", () => {
    render(<Spinner />);
    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
  });

  it("takes a custom label", () => {
    render(<Spinner label="Processing your image" />);
    expect(screen.getByRole("status", { name: "Processing your image" })).toBeInTheDocument();
  });
});
