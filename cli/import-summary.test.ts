import { describe, expect, it } from 'vitest';
import { skippedText } from './commands/import-summary';

describe("the CLI's import summary", () => {
  it("writes the skipped rows and each reason's count the same way, with thousands separators", () => {
    expect(skippedText(24880, { "not one of the district's buildings": 24880 })).toBe(
      "Skipped 24,880: 24,880 not one of the district's buildings",
    );
    expect(skippedText(1203, { 'no name': 1200, 'no salary': 3 })).toBe(
      'Skipped 1,203: 1,200 no name, 3 no salary',
    );
  });
});
