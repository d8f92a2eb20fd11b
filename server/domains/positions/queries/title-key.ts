/**
 * A position title as two titles naming the same job compare: trimmed, case ignored ('grade 3
 * teacher ' is 'Grade 3 Teacher'). A payroll import fills a vacancy of its person's title this way
 * and a cut by position names its group this way, so both read one rule.
 */
export const titleKey = (column: string): string => `lower(btrim(${column}))`;
