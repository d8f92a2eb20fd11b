export * as funds from './funds';
export { lineFundColumn } from './funds';
export { fundsReport } from './funds-report';
export { LINE_FUND } from './queries/line-fund';
