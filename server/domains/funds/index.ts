export * as funds from './funds';
export { lineFundColumn } from './funds';
export { fundsReport } from './funds-report';
export { overAward } from './over-award';
export { closedGrantKeys, closedGrants } from './closed-grants';
export { LINE_FUND, OF_FUNDS, ON_GENERAL_FUND } from './queries/line-fund';
export { fundLabel, resolveFundChoice } from './fund-choice';
