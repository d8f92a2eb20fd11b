export * as funds from './funds';
export { lineFundColumn } from './funds';
