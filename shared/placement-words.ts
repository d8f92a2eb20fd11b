import { formatDecimalMoney, roundDecimal } from './money';

/**
 * What a vacancy priced at the rate of the roster it was imported from says of its placement, in
 * the Positions grid and `budget-cli positions show` alike (server/sql/position-cost.ts, placement
 * source 'roster'). A module of words only: the residents' page reaches the positions screen's
 * rules (formatFte), and a zod schema module here would bring zod onto that page.
 */
export const ROSTER_PLACEMENT = "At its roster's salary";

/**
 * A roster's rate in words, to the cent ('$63,326.00 a year full time'), from its exact decimal
 * text (the DTO's vacancyRate, to the millionth): the Positions edit dialog and `budget-cli
 * positions show` alike.
 */
export function rosterRateText(rate: string): string {
  return `${formatDecimalMoney(roundDecimal(rate, 2))} a year full time`;
}
