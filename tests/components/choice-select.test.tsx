import { useState } from "react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ChoiceSelect } from "@/components/choice-select";

const CHOICES = [
  { value: "a", label: "Apple" },
  { value: "b", label: "Banana" },
  { value: "c", label: "Cherry" },
];

function Field({ initial = "" }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="fruit">Fruit</label>
      <ChoiceSelect
        id="fruit"
        choices={CHOICES}
        value={value}
        onValueChange={setValue}
        placeholder="Pick a fruit"
      />
      <output>{value || "none"}</output>
    </>
  );
}

describe("ChoiceSelect", () => {
  it("before its first press it is a named combobox showing the placeholder or the chosen label", () => {
    const { unmount } = render(<Field />);
    const box = screen.getByRole("combobox", { name: "Fruit" });
    expect(box).toHaveTextContent("Pick a fruit");
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(box).toHaveAttribute("data-placeholder");
    unmount();
    render(<Field initial="b" />);
    expect(screen.getByRole("combobox", { name: "Fruit" })).toHaveTextContent("Banana");
  });

  it("a press loads the list and opens it; a choice is kept and shown", async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.click(screen.getByRole("combobox", { name: "Fruit" }));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Apple", "Banana", "Cherry"]);
    await user.click(screen.getByRole("option", { name: "Cherry" }));
    expect(screen.getByRole("status")).toHaveTextContent("c");
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Fruit" })).toHaveTextContent("Cherry"));
    expect(screen.queryByRole("option")).not.toBeInTheDocument();
  });

  it("opens from the keyboard with ArrowDown, and Escape gives focus back to the field", async () => {
    const user = userEvent.setup();
    render(<Field initial="a" />);
    screen.getByRole("combobox", { name: "Fruit" }).focus();
    await user.keyboard("{ArrowDown}");
    expect(await screen.findByRole("listbox")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("listbox")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Fruit" })).toHaveFocus());
  });

  it("a disabled field cannot be opened", async () => {
    const user = userEvent.setup();
    render(<ChoiceSelect choices={CHOICES} value="a" onValueChange={() => {}} disabled />);
    await user.click(screen.getByRole("combobox"));
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });
});
