import { describe, expect, it } from "vitest";
import { costText } from "@/components/remaining-counter";

describe("what an action says it uses", () => {
  it("says the cost of what is left, or plainly that there is not enough", () => {
    expect(costText(1, null)).toBe("This uses 1 conversion.");
    expect(costText(2, 18)).toBe("This uses 2 conversions of your 18 left this month.");
    expect(costText(1, 1)).toBe("This uses 1 conversion of your 1 left this month.");
    // Never "of your 0 left".
    expect(costText(1, 0)).toBe("This uses 1 conversion. You have none left this month.");
    expect(costText(3, 2)).toBe("This uses 3 conversions. You have 2 left this month.");
  });
});
