import { createEvent, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useFileDrop, type FileDropSource } from "@/hooks/use-file-drop";

const photo = new File(["x"], "photo.png", { type: "image/png" });

function Target(props: {
  onFiles: (files: readonly File[], source: FileDropSource) => boolean;
  disabled?: boolean;
  acceptPaste?: boolean;
}) {
  const { dragging, dropProps } = useFileDrop(props);
  return (
    <>
      <div data-testid="zone" data-active={dragging || undefined} {...dropProps}>
        <span data-testid="child">inside</span>
      </div>
      <input aria-label="Words" />
    </>
  );
}

function paste(target: Element | Window, files: File[]) {
  const event = createEvent.paste(target as Element, { clipboardData: { files } });
  fireEvent(target as Element, event);
  return event;
}

describe("useFileDrop", () => {
  it("stays active while the pointer crosses the zone's children, and a drop hands over the files", () => {
    const onFiles = vi.fn(() => true);
    render(<Target onFiles={onFiles} />);
    const zone = screen.getByTestId("zone");
    fireEvent.dragEnter(zone);
    fireEvent.dragEnter(screen.getByTestId("child"));
    fireEvent.dragLeave(zone);
    expect(zone).toHaveAttribute("data-active");
    fireEvent.drop(zone, { dataTransfer: { files: [photo] } });
    expect(zone).not.toHaveAttribute("data-active");
    expect(onFiles).toHaveBeenCalledWith([photo], "drop");
  });

  it("a disabled zone neither lights up nor takes a drop", () => {
    const onFiles = vi.fn(() => true);
    render(<Target onFiles={onFiles} disabled />);
    const zone = screen.getByTestId("zone");
    fireEvent.dragEnter(zone);
    expect(zone).not.toHaveAttribute("data-active");
    fireEvent.drop(zone, { dataTransfer: { files: [photo] } });
    expect(onFiles).not.toHaveBeenCalled();
  });

  it("takes a paste on the page (not in a text field) only when asked, and keeps it from being typed when used", () => {
    const onFiles = vi.fn(() => true);
    const { rerender } = render(<Target onFiles={onFiles} />);
    paste(document.body, [photo]);
    expect(onFiles).not.toHaveBeenCalled();

    rerender(<Target onFiles={onFiles} acceptPaste />);
    expect(paste(document.body, [photo]).defaultPrevented).toBe(true);
    expect(onFiles).toHaveBeenCalledWith([photo], "paste");

    paste(screen.getByRole("textbox", { name: "Words" }), [photo]);
    expect(onFiles).toHaveBeenCalledTimes(1);

    onFiles.mockReturnValueOnce(false);
    expect(paste(document.body, [photo]).defaultPrevented).toBe(false);
  });
});
